import { BadRequestException, Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { AuthUser } from '../../common/auth/auth-user';
import { appUrl, type Env } from '../../config/env';
import { AuditService, changedFields } from '../audit/audit.service';
import { type ReauthCredentials, TwoFactorService } from '../auth/two-factor.service';
import { AccountsService } from '../auth/accounts.service';
import { UnitOfWork } from '../../database/unit-of-work';
import { OutboxService } from '../mail/outbox.service';
import { OrganizationsService } from '../tenants/organizations.service';
import { providerChangedEmail } from './sign-in-settings-emails';
import { ISSUER_MESSAGE, NAME_MESSAGE } from './dto/oidc-fields.dto';
import type { SaveGoogleSignInDto } from './dto/save-google-sign-in.dto';
import type { SaveMicrosoftSignInDto } from './dto/save-microsoft-sign-in.dto';
import type { SaveOidcSignInDto } from './dto/save-oidc-sign-in.dto';
import type { SaveSignInOptionsDto } from './dto/save-sign-in-options.dto';
import type { SignInSettingsDto } from './dto/sign-in-settings.dto';
import type { IdentityProvider, ProviderKind } from './entities/identity-provider.entity';
import { isLoopbackHttp } from './openid-provider.client';
import { type SignInOptions, SignInSettingsRepository } from './sign-in-settings.repository';
import { PROVIDER_NAMES, SSO_CALLBACK_PATH } from './provider-identity';

export const NO_WAY_IN =
  'Turn on Google, Microsoft or another provider before turning password sign-in off: otherwise only admins could sign in.';
export const LAST_WAY_IN =
  'Password sign-in is off, so this is how your staff sign in. Turn password sign-in back on before turning this provider off.';

/** The issuer of another provider: https, or plain http to this machine (tests). No query, fragment or credentials. */
export function isValidIssuer(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.search || url.hash || url.username || url.password) return false;
  return url.protocol === 'https:' || isLoopbackHttp(url);
}

const unique = (values: readonly string[]) => [...new Set(values)];

/** A provider as the activity log keeps it: never the secret, only whether one is saved or was replaced. */
function auditView(provider: IdentityProvider, secret: '(set)' | '(not set)' | '(replaced)') {
  return {
    enabled: provider.enabled,
    clientId: provider.clientId,
    clientSecret: secret,
    ...(provider.kind === 'google' && { allowedDomains: provider.allowedDomains }),
    ...(provider.kind === 'microsoft' && { allowedTenantIds: provider.allowedTenantIds }),
    ...(provider.kind === 'oidc' && { name: provider.displayName ?? '', issuer: provider.issuer ?? '' }),
  };
}

function providerLabel(kind: ProviderKind, provider?: IdentityProvider): string {
  return kind === 'oidc' ? `${provider?.displayName || 'other provider'}` : PROVIDER_NAMES[kind];
}

/**
 * The Admin Panel's Sign-in section (admins only): the organisation's identity providers and its
 * sign-in options. Client secrets go in and never come out. Every change is in the activity log.
 */
@Injectable()
export class SignInSettingsService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly accounts: AccountsService,
    private readonly organizations: OrganizationsService,
    private readonly config: ConfigService<Env, true>,
    private readonly repository: SignInSettingsRepository,
    private readonly audit: AuditService,
    private readonly twoFactor: TwoFactorService,
    private readonly outbox: OutboxService,
  ) {}

  /** Erasure: the person's sign-in attempts through a provider go (their identities are the auth module's). */
  deleteAttemptsOf(userId: string): Promise<number> {
    return this.repository.deleteAttemptsOf(userId);
  }

  /** Ages out expired sign-in attempts of every organisation (the retention schedule); how many went. */
  deleteExpiredAttempts(now: Date): Promise<number> {
    return this.repository.deleteExpiredAttempts(now);
  }

  async get(): Promise<SignInSettingsDto> {
    const options = await this.repository.options();
    return this.view(options, await this.repository.providers());
  }

  async saveOptions(actor: AuthUser, dto: SaveSignInOptionsDto): Promise<SignInSettingsDto> {
    // Who may join and whether passwords work are how people sign in: the admin confirms it is them.
    await this.twoFactor.reauthenticate(actor, dto);
    await this.unitOfWork.transaction(async () => {
      const row = await this.repository.lockOptions();
      const before: SignInOptions = { joinRule: row.joinRule, passwordSignIn: row.passwordSignIn };
      const after: SignInOptions = { joinRule: dto.joinRule, passwordSignIn: dto.passwordSignIn };
      if (!after.passwordSignIn && before.passwordSignIn && !(await this.repository.providers()).some((p) => p.enabled)) {
        throw new BadRequestException(NO_WAY_IN);
      }
      row.joinRule = after.joinRule;
      row.passwordSignIn = after.passwordSignIn;
      const changes = changedFields(before, after);
      if (!Object.keys(changes.after).length) return;
      this.audit.record(actor, {
        kind: 'settings',
        action: 'sign-in.options.updated',
        entityId: row.id,
        summary:
          `Changed the sign-in options: people without an account ${after.joinRule === 'join_as_staff' ? 'join as staff' : 'are refused'}; ` +
          `password sign-in ${after.passwordSignIn ? 'on' : 'off (admins keep it)'}`,
        ...changes,
      });
    });
    return this.get();
  }

  saveGoogle(actor: AuthUser, dto: SaveGoogleSignInDto): Promise<SignInSettingsDto> {
    return this.saveProvider(actor, 'google', dto, (row) => {
      row.allowedDomains = unique(dto.allowedDomains);
      if (dto.enabled && !row.allowedDomains.length) return 'Add at least one allowed domain to turn on Google sign-in.';
    });
  }

  saveMicrosoft(actor: AuthUser, dto: SaveMicrosoftSignInDto): Promise<SignInSettingsDto> {
    return this.saveProvider(actor, 'microsoft', dto, (row) => {
      row.allowedTenantIds = unique(dto.allowedTenantIds);
      if (dto.enabled && !row.allowedTenantIds.length) return 'Add at least one tenant ID to turn on Microsoft sign-in.';
    });
  }

  saveOidc(actor: AuthUser, dto: SaveOidcSignInDto): Promise<SignInSettingsDto> {
    return this.saveProvider(actor, 'oidc', dto, (row) => {
      if (dto.issuer && !isValidIssuer(dto.issuer)) return ISSUER_MESSAGE;
      row.displayName = dto.name || null;
      row.issuer = dto.issuer || null;
      if (dto.enabled && !row.displayName) return `${NAME_MESSAGE}.`;
      if (dto.enabled && !row.issuer) return 'Enter the issuer URL to turn on sign-in with another provider.';
    });
  }

  /**
   * Saves one provider: the common fields, then the kind's own (`checkKindFields`, which sets them and answers what is
   * wrong, if anything). A provider is turned on only when it can work: client ID, a secret (sent
   * now or saved before) and who it lets in. Runs with the options row locked, so turning the last
   * provider off and password sign-in off can't both pass.
   */
  private async saveProvider(
    actor: AuthUser,
    kind: ProviderKind,
    dto: { enabled: boolean; clientId: string; clientSecret?: string } & ReauthCredentials,
    checkKindFields: (row: IdentityProvider) => string | undefined,
  ): Promise<SignInSettingsDto> {
    // A provider signs people in by their address: installing one with a stolen session would
    // sign in as anyone, so the admin confirms it is them first.
    await this.twoFactor.reauthenticate(actor, dto);
    await this.unitOfWork.transaction(async () => {
      const options = await this.repository.lockOptions();
      const row = await this.repository.lockProvider(kind);
      const hadSecret = Boolean(row.clientSecret);
      const before = auditView(row, hadSecret ? '(set)' : '(not set)');
      const label = () => providerLabel(kind, row);
      row.enabled = dto.enabled;
      row.clientId = dto.clientId;
      const newSecret = Boolean(dto.clientSecret);
      if (dto.clientSecret) row.clientSecret = dto.clientSecret;
      const problem = checkKindFields(row);
      if (problem) throw new BadRequestException(problem);
      if (row.enabled && !row.clientId) throw new BadRequestException(`Enter the client ID to turn on ${label()} sign-in.`);
      if (row.enabled && !row.clientSecret) throw new BadRequestException(`Enter the client secret to turn on ${label()} sign-in.`);
      if (before.enabled && !row.enabled && !options.passwordSignIn) {
        const others = (await this.repository.providers()).filter((p) => p.enabled && p.kind !== kind);
        if (!others.length) throw new BadRequestException(LAST_WAY_IN);
      }
      const after = auditView(row, newSecret ? (hadSecret ? '(replaced)' : '(set)') : hadSecret ? '(set)' : '(not set)');
      const changes = changedFields(before, after);
      if (!Object.keys(changes.after).length) return;
      const verb = before.enabled === after.enabled ? 'Changed the settings of' : after.enabled ? 'Turned on' : 'Turned off';
      const trusts = (view: ReturnType<typeof auditView>) => JSON.stringify([view.clientId, 'issuer' in view ? view.issuer : null]);
      if (after.enabled && (!before.enabled || trusts(before) !== trusts(after))) {
        await this.tellOtherAdmins(actor, before.enabled ? `changed the client or issuer of sign-in with ${label()}` : `turned on sign-in with ${label()}`);
      }
      this.audit.record(actor, {
        kind: 'settings',
        action: `sign-in.${kind}.updated`,
        entityId: row.id,
        summary: `${verb} sign-in with ${label()}`,
        ...changes,
      });
    });
    return this.get();
  }

  /** Emails every other active admin, in the transaction that makes the change. */
  private async tellOtherAdmins(actor: AuthUser, what: string): Promise<void> {
    const organization = await this.organizations.getCurrent();
    for (const admin of await this.accounts.activeAdmins()) {
      if (admin.id === actor.id) continue;
      this.outbox.enqueue(providerChangedEmail({ to: admin.email, name: admin.name, organizationName: organization.name, changedBy: actor.name, what }));
    }
  }

  private view(options: SignInOptions, providers: IdentityProvider[]): SignInSettingsDto {
    const of = (kind: ProviderKind) => providers.find((p) => p.kind === kind);
    const common = (p?: IdentityProvider) => ({ enabled: p?.enabled ?? false, clientId: p?.clientId ?? '', clientSecretSet: Boolean(p?.clientSecret) });
    const google = of('google');
    const microsoft = of('microsoft');
    const oidc = of('oidc');
    return {
      ...options,
      callbackUrl: `${appUrl({ PORT: this.config.get('PORT', { infer: true }), APP_URL: this.config.get('APP_URL', { infer: true }) })}${SSO_CALLBACK_PATH}`,
      google: { ...common(google), allowedDomains: google?.allowedDomains ?? [] },
      microsoft: { ...common(microsoft), allowedTenantIds: microsoft?.allowedTenantIds ?? [] },
      oidc: { ...common(oidc), name: oidc?.displayName ?? '', issuer: oidc?.issuer ?? '' },
    };
  }
}
