import { ConflictException, Injectable } from '@nestjs/common';
import * as oidc from 'openid-client';
import type { AuthUser } from '../../common/auth/auth-user';
import { Clock } from '../../common/clock/clock';
import { hashToken } from '../../common/security/secret-token';
import { UnitOfWork } from '../../database/unit-of-work';
import { TenantContext } from '../../tenancy/tenant-context';
import { AccountsService } from '../auth/accounts.service';
import { ReauthProofs } from '../auth/reauth-proofs';
import { OrganizationsService } from '../tenants/organizations.service';
import type { ProviderKind } from './entities/identity-provider.entity';
import { OpenIdProviderClient, SsoRefusedError } from './openid-provider.client';
import { PROVIDER_NAMES, type VouchedIdentity } from './provider-identity';
import { SignInSettingsRepository, type TakenAttempt } from './sign-in-settings.repository';
import { connection, SSO_ATTEMPT_TTL_MS, SsoRedirects, type Whereabouts } from './sso-redirects';

/** How far before the re-authentication started the provider's sign-in may be (clock skew). */
const AUTH_TIME_SKEW_SECONDS = 60;

/**
 * Re-authentication through the organisation's identity provider (docs/security.md,
 * "Re-authentication"), for an account without a password: prepared by the signed-in app, started
 * by the browser in a window of its own, and ended at the one callback (SsoService.finish) with a
 * proof for the session that asked.
 */
@Injectable()
export class SsoReauthenticationService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly organizations: OrganizationsService,
    private readonly clock: Clock,
    private readonly providers: OpenIdProviderClient,
    private readonly repository: SignInSettingsRepository,
    private readonly accounts: AccountsService,
    private readonly proofs: ReauthProofs,
    private readonly redirects: SsoRedirects,
  ) {}

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
    return { location: this.redirects.startUrl(query) };
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
          { redirectUri: this.redirects.callbackUrl(), state, nonce: claimed.nonce, codeChallenge },
          { fresh: true },
        );
        return { location: url.href, started: true };
      });
    } catch (err) {
      return { location: this.redirects.refused(err, where), started: false };
    }
  }

  /**
   * The proof a re-authentication ends with: the provider must vouch for this account's own
   * identity (linked by its subject; an account not yet linked to this provider is linked now if
   * the address is its own), signed in afresh (auth_time, when the provider sends it, no earlier
   * than the attempt), and the account must still hold the session that asked.
   */
  async prove(identity: VouchedIdentity, attempt: TakenAttempt, authTime: unknown): Promise<string> {
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
}
