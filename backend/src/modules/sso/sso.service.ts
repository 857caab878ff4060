import { timingSafeEqual } from 'node:crypto';
import { UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { ConflictException, Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import * as oidc from 'openid-client';
import { Clock } from '../../common/clock/clock';
import { RateLimitService, TooManyRequestsException } from '../../common/rate-limit/rate-limit.service';
import { hashToken } from '../../common/security/secret-token';
import { type Env, appUrl, organizationUrl } from '../../config/env';
import { TenantContext } from '../../tenancy/tenant-context';
import { AuditService } from '../audit/audit.service';
import { AccountsService } from '../auth/accounts.service';
import type { AuthUser } from '../../common/auth/auth-user';
import type { User } from '../auth/entities/user.entity';
import { UnitOfWork } from '../../database/unit-of-work';
import { ReauthProofs } from '../auth/reauth-proofs';
import { SessionHandoffService } from '../auth/session-handoff.service';
import { StaffService } from '../staff/staff.service';
import type { Organization } from '../tenants/entities/organization.entity';
import { OrganizationsRepository } from '../tenants/organizations.repository';
import type { SignInProviderDto, SignInProvidersDto } from './dto/sign-in-providers.dto';
import type { IdentityProvider, ProviderKind } from './entities/identity-provider.entity';
import { OpenIdProviderClient, type ProviderConnection, SsoRefusedError } from './openid-provider.client';
import { checkIdentity, PROVIDER_NAMES, SSO_CALLBACK_PATH, type VouchedIdentity } from './provider-identity';
import { SignInSettingsRepository, type TakenAttempt } from './sign-in-settings.repository';

/** How long the round trip through the provider may take, from the button to the callback. */
export const SSO_ATTEMPT_TTL_MS = 10 * 60 * 1000;
/**
 * Sign-ins started per client address: every start costs a request to the provider and a row,
 * and a whole school may start from behind one address on a Monday morning.
 */
export const SSO_START_LIMIT = { limit: 300, windowSeconds: 15 * 60 } as const;

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** What a refusal's log line and address know of the attempt so far. */
interface Whereabouts {
  kind?: ProviderKind;
  subdomain?: string;
  organization?: Organization;
  /** A re-authentication: its refusal goes back to the window that asked, not to the sign-in page. */
  reauthentication?: boolean;
}

/** Where a re-authentication ends, on the organisation's address: the page hands the proof (or the refusal) to the form that asked. */
export const REAUTHENTICATED_PATH = '/reauthenticated';
/** How far before the re-authentication started the provider's sign-in may be (clock skew). */
const AUTH_TIME_SKEW_SECONDS = 60;

/** A provider the organisation has turned on, with what the app needs to talk to it. */
function connection(provider: IdentityProvider | null): ProviderConnection | undefined {
  if (!provider?.enabled || !provider.clientId || !provider.clientSecret) return undefined;
  return {
    kind: provider.kind,
    clientId: provider.clientId,
    clientSecret: provider.clientSecret,
    allowedDomains: provider.allowedDomains,
    allowedTenantIds: provider.allowedTenantIds,
    issuer: provider.issuer,
  };
}

/**
 * Signing in through an organisation's identity provider (docs/product.md#signing-in-with-google-or-microsoft):
 * `start` sends the browser to the provider, `finish` takes it back at the one callback address,
 * checks who the provider vouches for against the organisation's rules, finds (or, if the
 * organisation lets them join, makes) their account and hands the sign-in over to the
 * organisation's address with a one-time code. Both answer with where to send the browser next;
 * a refusal sends it to the sign-in page with the reason.
 */
@Injectable()
export class SsoService {
  private readonly logger = new Logger(SsoService.name);

  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly organizations: OrganizationsRepository,
    private readonly clock: Clock,
    private readonly config: ConfigService<Env, true>,
    private readonly rateLimits: RateLimitService,
    private readonly providers: OpenIdProviderClient,
    private readonly repository: SignInSettingsRepository,
    private readonly accounts: AccountsService,
    private readonly staff: StaffService,
    private readonly handoffs: SessionHandoffService,
    private readonly audit: AuditService,
    private readonly proofs: ReauthProofs,
  ) {}

  /**
   * The providers an organisation has turned on, for its sign-in buttons; none for an unknown one.
   * Each button starts on APP_URL, where the callback is: the browser's sign-in cookie must be
   * set where it will be read.
   */
  async enabledProviders(subdomain: string): Promise<SignInProvidersDto> {
    const organization = await this.organizations.findActiveBySubdomain(subdomain);
    if (!organization) return { providers: [] };
    const rows = await TenantContext.run(organization.id, () => this.repository.providers());
    const providers: SignInProviderDto[] = rows
      .filter((row) => connection(row))
      .map((row) => ({
        kind: row.kind,
        name: row.kind === 'oidc' ? (row.displayName ?? 'your provider') : PROVIDER_NAMES[row.kind],
        startUrl: `${this.baseUrl()}/api/auth/sso/start?${new URLSearchParams({ provider: row.kind, organization: subdomain })}`,
      }));
    return { providers };
  }

  /**
   * Where the "Sign in with …" button leads: the provider's authorisation URL for a new attempt
   * bound to the browser whose sign-in cookie hashes to `browserHash` (`started`: the caller sets
   * the cookie), or the sign-in page with a reason.
   */
  async start(kind: ProviderKind, subdomain: string, clientAddress: string, browserHash: string): Promise<{ location: string; started: boolean }> {
    const where: Whereabouts = { kind, subdomain };
    try {
      try {
        await this.rateLimits.consume(`sso-start:address:${clientAddress}`, SSO_START_LIMIT, 'sign-ins from your network');
      } catch (err) {
        if (err instanceof TooManyRequestsException) throw new SsoRefusedError('too_many', `address ${clientAddress}`);
        throw err;
      }
      const organization = await this.organizations.findActiveBySubdomain(subdomain);
      if (!organization) throw new SsoRefusedError('unavailable', 'no such active organisation');
      where.organization = organization;
      return await TenantContext.run(organization.id, async () => {
        const provider = connection(await this.repository.provider(kind));
        if (!provider) throw new SsoRefusedError('unavailable', `${kind} sign-in is not turned on`);
        const config = await this.providers.configure(provider);
        const state = oidc.randomState();
        const nonce = oidc.randomNonce();
        const codeVerifier = oidc.randomPKCECodeVerifier();
        const now = this.clock.now();
        await this.repository.addAttempt(
          { provider: kind, stateHash: hashToken(state), nonce, codeVerifier, browserHash, expiresAt: new Date(now.getTime() + SSO_ATTEMPT_TTL_MS) },
          now,
        );
        const codeChallenge = await oidc.calculatePKCECodeChallenge(codeVerifier);
        const url = this.providers.authorizationUrl(config, provider, { redirectUri: this.callbackUrl(), state, nonce, codeChallenge });
        return { location: url.href, started: true };
      });
    } catch (err) {
      return { location: this.refused(err, where), started: false };
    }
  }

  /**
   * The callback: `query` is the query string the provider sent the browser back with, and
   * `browserHash` the hash of its sign-in cookie (if it sent one). Takes the attempt its state
   * names (once), checks it is the same browser, exchanges the code, applies the organisation's
   * rules and answers with the organisation's `/continue#code=…` address, or the sign-in page's
   * with a reason.
   */
  async finish(query: string, browserHash: string | undefined): Promise<string> {
    const params = new URLSearchParams(query);
    const state = params.get('state');
    const where: Whereabouts = {};
    try {
      const attempt = state ? await this.repository.takeAttempt(hashToken(state)) : undefined;
      if (!attempt || attempt.expiresAt <= this.clock.now()) throw new SsoRefusedError('expired', state ? 'unknown, used or expired state' : 'no state');
      where.kind = attempt.provider;
      where.reauthentication = attempt.purpose === 'reauth';
      if (!browserHash || !attempt.browserHash || !sameHash(browserHash, attempt.browserHash)) {
        throw new SsoRefusedError('other_browser', browserHash ? "another browser's sign-in cookie" : 'no sign-in cookie');
      }
      const organization = await this.organizations.findActive(attempt.organizationId);
      if (!organization) throw new SsoRefusedError('unavailable', 'the organisation is no longer active');
      Object.assign(where, { organization, subdomain: organization.subdomain });
      return await TenantContext.run(organization.id, async () => {
        const row = await this.repository.provider(attempt.provider);
        const provider = connection(row);
        if (!row || !provider) throw new SsoRefusedError('unavailable', `${attempt.provider} sign-in was turned off`);
        const callbackUrl = new URL(this.callbackUrl());
        callbackUrl.search = params.toString();
        // A provider's own error (the person said no) needs no discovery.
        if (params.has('error')) {
          const error = params.get('error');
          throw new SsoRefusedError(error === 'access_denied' ? 'cancelled' : 'failed', `the provider answered ${error}`);
        }
        const config = await this.providers.configure(provider);
        const claims = await this.providers.exchange(config, callbackUrl, { state: state!, nonce: attempt.nonce, codeVerifier: attempt.codeVerifier });
        const checked = checkIdentity(provider, claims, this.config.get('OIDC_MICROSOFT_AUTHORITY', { infer: true }));
        if (!checked.ok) throw new SsoRefusedError(checked.refusal, checked.detail);
        if (attempt.purpose === 'reauth') {
          where.reauthentication = true;
          const proof = await this.prove(checked.identity, attempt, claims.auth_time);
          return `${this.organizationAddress(organization)}${REAUTHENTICATED_PATH}#proof=${encodeURIComponent(proof)}`;
        }
        const code = await this.signIn(checked.identity, attempt.provider, row);
        return `${this.organizationAddress(organization)}/continue#code=${encodeURIComponent(code)}`;
      });
    } catch (err) {
      return this.refused(err, where);
    }
  }

  /**
   * Prepares a re-authentication through the provider for the signed-in person (docs/security.md,
   * "Re-authentication"): an account without a password proves it is still them by signing in
   * afresh at its provider. Answers the start address the browser opens (in a window of its own);
   * the attempt is bound to the browser there, as a sign-in is.
   */
  async startReauthentication(actor: AuthUser, kind: ProviderKind): Promise<{ location: string }> {
    if (!actor.sessionId) throw new ConflictException('Sign in again, then confirm it is you.');
    const user = await this.accounts.get(actor.id);
    if (user.hasPassword) {
      throw new ConflictException({ message: 'Your account has a password: confirm it is you with your password.', code: 'password_account' });
    }
    const organization = await this.organizations.getCurrent();
    const provider = connection(await this.repository.provider(kind));
    if (!provider) throw new ConflictException(`Sign-in with ${PROVIDER_NAMES[kind as Exclude<ProviderKind, 'oidc'>] ?? 'that provider'} is not turned on for your organisation.`);
    const state = oidc.randomState();
    const now = this.clock.now();
    await this.repository.addAttempt(
      {
        provider: kind,
        stateHash: hashToken(state),
        nonce: oidc.randomNonce(),
        codeVerifier: oidc.randomPKCECodeVerifier(),
        browserHash: null,
        expiresAt: new Date(now.getTime() + SSO_ATTEMPT_TTL_MS),
        purpose: 'reauth',
        user: user.id,
        sessionId: actor.sessionId,
      },
      now,
    );
    const query = new URLSearchParams({ provider: kind, organization: organization.subdomain, reauth: state });
    return { location: `${this.baseUrl()}/api/auth/sso/start?${query}` };
  }

  /**
   * The start of a prepared re-authentication, opened by the browser: binds the attempt to this
   * browser's sign-in cookie and sends it to the provider, which is asked to make the person sign in
   * afresh (`prompt=login`, `max_age=0`).
   */
  async resumeReauthentication(state: string, browserHash: string): Promise<{ location: string; started: boolean }> {
    const where: Whereabouts = { reauthentication: true };
    try {
      const claimed = await this.repository.claimReauthentication(hashToken(state), browserHash, this.clock.now());
      if (!claimed) throw new SsoRefusedError('expired', 'unknown, claimed or expired re-authentication');
      where.kind = claimed.provider;
      const organization = await this.organizations.findActive(claimed.organizationId);
      if (!organization) throw new SsoRefusedError('unavailable', 'the organisation is no longer active');
      Object.assign(where, { organization, subdomain: organization.subdomain });
      return await TenantContext.run(organization.id, async () => {
        const provider = connection(await this.repository.provider(claimed.provider));
        if (!provider) throw new SsoRefusedError('unavailable', `${claimed.provider} sign-in is not turned on`);
        const config = await this.providers.configure(provider);
        const codeChallenge = await oidc.calculatePKCECodeChallenge(claimed.codeVerifier);
        const url = this.providers.authorizationUrl(
          config,
          provider,
          { redirectUri: this.callbackUrl(), state, nonce: claimed.nonce, codeChallenge },
          { fresh: true },
        );
        return { location: url.href, started: true };
      });
    } catch (err) {
      return { location: this.refused(err, where), started: false };
    }
  }

  /**
   * The proof a re-authentication ends with: the provider must vouch for this account's own
   * identity (linked by its subject; an account not yet linked to this provider is linked now if
   * the address is its own), signed in afresh (auth_time, when the provider sends it, no earlier
   * than the attempt), and the account must still hold the session that asked.
   */
  private async prove(identity: VouchedIdentity, attempt: TakenAttempt, authTime: unknown): Promise<string> {
    if (!attempt.userId || !attempt.sessionId) throw new SsoRefusedError('failed', 'a re-authentication without its account');
    if (typeof authTime === 'number' && authTime < attempt.createdAt.getTime() / 1000 - AUTH_TIME_SKEW_SECONDS) {
      throw new SsoRefusedError('failed', 'the provider did not ask the person to sign in afresh');
    }
    return this.unitOfWork.transaction(async () => {
      const user = await this.accounts.findById(attempt.userId!);
      if (!user?.isActive) throw new SsoRefusedError('inactive', 'the account is deactivated');
      const link = { provider: attempt.provider, issuer: identity.issuer, subject: identity.subject };
      const linked = await this.accounts.findByIdentity(link);
      if (linked?.id !== user.id) {
        const own = (await this.accounts.identitiesOf(user.id)).some((known) => known.provider === attempt.provider);
        if (linked || own || identity.email !== user.email) {
          throw new SsoRefusedError('identity_mismatch', 'the provider vouched for another account than the one re-authenticating');
        }
        this.accounts.linkIdentity(user, link);
      }
      return this.proofs.issue({ userId: user.id, organizationId: TenantContext.require(), sessionId: attempt.sessionId!, tokenVersion: user.tokenVersion });
    });
  }

  /**
   * The account of the vouched-for person in the current organisation, made if the organisation
   * lets them in, and a one-time code that signs them in. An identity already linked finds its
   * account by the provider's subject, whatever address either side has now; otherwise the
   * address the provider vouched for finds the account once, and links the identity to it — unless
   * the account is already linked to another identity of this provider (another subject with the
   * same address: refused). An existing account keeps its role; a new one is staff.
   */
  private async signIn(identity: VouchedIdentity, kind: ProviderKind, provider: IdentityProvider): Promise<string> {
    const link = { provider: kind, issuer: identity.issuer, subject: identity.subject };
    try {
      return await this.unitOfWork.transaction(async () => {
        let user: User | null = await this.accounts.findByIdentity(link);
        if (user) {
          if (!user.isActive) throw new SsoRefusedError('inactive', 'the account is deactivated');
        } else if ((user = await this.accounts.findByEmail(identity.email))) {
          if (!user.isActive) throw new SsoRefusedError('inactive', 'the account is deactivated');
          if ((await this.accounts.identitiesOf(user.id)).some((known) => known.provider === kind)) {
            throw new SsoRefusedError('identity_mismatch', `the account is linked to another ${kind} identity`);
          }
          this.accounts.linkIdentity(user, link);
          this.accounts.markEmailVerified(user);
        } else {
          // Someone the school has listed as staff is known to it, whatever the join rule: they
          // get the account an invitation would have given them.
          const record = await this.staff.findRecordByEmail(identity.email);
          if (record && !record.isActive) throw new SsoRefusedError('inactive', 'the staff record is deactivated');
          if (!record && (await this.repository.options()).joinRule !== 'join_as_staff') {
            throw new SsoRefusedError('no_account', 'no account, and the organisation does not let new people join');
          }
          // The school's spelling of the name, when it has one.
          user = this.accounts.createVerified({ email: identity.email, name: record?.name ?? identity.name });
          await this.unitOfWork.flush();
          this.accounts.linkIdentity(user, link);
          const staffId = await this.staff.linkJoiner(user);
          const how = provider.kind === 'oidc' ? (provider.displayName ?? 'its identity provider') : PROVIDER_NAMES[kind as Exclude<ProviderKind, 'oidc'>];
          this.audit.record(
            { id: user.id, organizationId: TenantContext.require(), role: user.role, email: user.email, name: user.name },
            {
              kind: 'staff',
              action: record ? 'staff.account_created' : 'staff.joined',
              entityId: staffId,
              summary: record
                ? `${user.name} signed in with ${how} for the first time and now has an account`
                : `${user.name} joined as staff by signing in with ${how}`,
              after: { name: user.name, email: user.email, role: user.role },
            },
          );
        }
        await this.unitOfWork.flush();
        return this.handoffs.issue(user);
      });
    } catch (err) {
      // Two first sign-ins of one new person at once: the second finds the account next time.
      if (err instanceof UniqueConstraintViolationException) throw new SsoRefusedError('failed', 'the account was being created at the same time');
      throw err;
    }
  }

  /** The sign-in page with the reason, logged without tokens or personal data. */
  private refused(err: unknown, where: Whereabouts): string {
    const what = `${where.reauthentication ? 'Re-authentication' : 'Sign-in'} with ${where.kind ?? 'unknown provider'} for ${where.subdomain ?? 'unknown organisation'}`;
    const landing = where.reauthentication
      ? (reason: string) => `${this.organizationAddress(where.organization)}${REAUTHENTICATED_PATH}#error=${reason}`
      : (reason: string) => `${this.organizationAddress(where.organization)}/login?sso_error=${reason}`;
    if (err instanceof SsoRefusedError) {
      this.logger.warn(`${what} refused (${err.refusal}): ${err.detail}`);
      return landing(err.refusal);
    }
    this.logger.error(`${what} failed: ${err instanceof Error ? err.message : String(err)}`);
    return landing('failed');
  }

  /** The fixed redirect URI, on APP_URL. */
  private callbackUrl(): string {
    return `${this.baseUrl()}${SSO_CALLBACK_PATH}`;
  }

  /**
   * Where an organisation's people use the app: its own address with APP_BASE_DOMAIN set
   * (organizationUrl), so the one-time code and a refusal land on the school's host; APP_URL
   * when the organisation isn't known (a forged or expired state names none).
   */
  private organizationAddress(organization?: Organization): string {
    return organization ? organizationUrl(this.config, organization.subdomain) : this.baseUrl();
  }

  private baseUrl(): string {
    return appUrl({ PORT: this.config.get('PORT', { infer: true }), APP_URL: this.config.get('APP_URL', { infer: true }) });
  }
}
