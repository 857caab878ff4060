import { timingSafeEqual } from 'node:crypto';
import { UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import * as oidc from 'openid-client';
import { Clock } from '../../common/clock/clock';
import { RateLimitService, TooManyRequestsException } from '../../common/rate-limit/rate-limit.service';
import { hashToken } from '../../common/security/secret-token';
import type { Env } from '../../config/env';
import { TenantContext } from '../../tenancy/tenant-context';
import { AuditService } from '../audit/audit.service';
import { AccountsService } from '../auth/accounts.service';
import type { User } from '../auth/entities/user.entity';
import { UnitOfWork } from '../../database/unit-of-work';
import { SessionHandoffService } from '../auth/session-handoff.service';
import { StaffService } from '../staff/staff.service';
import { OrganizationsService } from '../tenants/organizations.service';
import type { SignInProviderDto } from './dto/sign-in-provider.dto';
import type { SignInProvidersDto } from './dto/sign-in-providers.dto';
import type { IdentityProvider, ProviderKind } from './entities/identity-provider.entity';
import { OpenIdProviderClient, SsoRefusedError } from './openid-provider.client';
import { checkIdentity, PROVIDER_NAMES, type VouchedIdentity } from './provider-identity';
import { SignInSettingsRepository } from './sign-in-settings.repository';
import { SsoReauthenticationService } from './sso-reauthentication.service';
import { connection, REAUTHENTICATED_PATH, SSO_ATTEMPT_TTL_MS, SsoRedirects, type Whereabouts } from './sso-redirects';

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
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly organizations: OrganizationsService,
    private readonly clock: Clock,
    private readonly config: ConfigService<Env, true>,
    private readonly rateLimits: RateLimitService,
    private readonly providers: OpenIdProviderClient,
    private readonly repository: SignInSettingsRepository,
    private readonly accounts: AccountsService,
    private readonly staff: StaffService,
    private readonly handoffs: SessionHandoffService,
    private readonly audit: AuditService,
    private readonly redirects: SsoRedirects,
    private readonly reauthentication: SsoReauthenticationService,
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
        startUrl: this.redirects.startUrl(new URLSearchParams({ provider: row.kind, organization: subdomain })),
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
        const url = this.providers.authorizationUrl(config, provider, { redirectUri: this.redirects.callbackUrl(), state, nonce, codeChallenge });
        return { location: url.href, started: true };
      });
    } catch (err) {
      return { location: this.redirects.refused(err, where), started: false };
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
        const callbackUrl = new URL(this.redirects.callbackUrl());
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
          const proof = await this.reauthentication.prove(checked.identity, attempt, claims.auth_time);
          return `${this.redirects.organizationAddress(organization)}${REAUTHENTICATED_PATH}#proof=${encodeURIComponent(proof)}`;
        }
        const code = await this.signIn(checked.identity, attempt.provider, row);
        return `${this.redirects.organizationAddress(organization)}/continue#code=${encodeURIComponent(code)}`;
      });
    } catch (err) {
      return this.redirects.refused(err, where);
    }
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
          user = await this.join(identity, provider, link);
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

  /**
   * A new account for someone the provider vouched for and no account has: someone the school has
   * listed as staff is known to it, whatever the join rule, and gets the account an invitation
   * would have given them; anyone else only when the organisation lets new people join.
   */
  private async join(identity: VouchedIdentity, provider: IdentityProvider, link: { provider: string; issuer: string; subject: string }): Promise<User> {
    const record = await this.staff.findRecordByEmail(identity.email);
    if (record && !record.isActive) throw new SsoRefusedError('inactive', 'the staff record is deactivated');
    if (!record && (await this.repository.options()).joinRule !== 'join_as_staff') {
      throw new SsoRefusedError('no_account', 'no account, and the organisation does not let new people join');
    }
    // The school's spelling of the name, when it has one.
    const user = this.accounts.createVerified({ email: identity.email, name: record?.name ?? identity.name });
    await this.unitOfWork.flush();
    this.accounts.linkIdentity(user, link);
    const staffId = await this.staff.linkJoiner(user);
    const how = provider.kind === 'oidc' ? (provider.displayName ?? 'its identity provider') : PROVIDER_NAMES[provider.kind];
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
    return user;
  }
}
