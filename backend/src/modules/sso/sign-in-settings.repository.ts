import { randomUUID } from 'node:crypto';
import { EntityManager, LockMode } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { TenantContext } from '../../tenancy/tenant-context';
import { IdentityProvider, type ProviderKind } from './entities/identity-provider.entity';
import { type JoinRule, SignInSettings } from './entities/sign-in-settings.entity';
import { SsoLoginAttempt, type SsoAttemptPurpose } from './entities/sso-login-attempt.entity';

export interface SignInOptions {
  joinRule: JoinRule;
  passwordSignIn: boolean;
}

/** What an organisation without a saved row gets. */
export const DEFAULT_SIGN_IN_OPTIONS: SignInOptions = { joinRule: 'refuse', passwordSignIn: true };

/** What a taken login attempt tells the callback. */
export interface TakenAttempt {
  organizationId: string;
  provider: ProviderKind;
  nonce: string;
  codeVerifier: string;
  /** Null only for a re-authentication whose browser never reached the start. */
  browserHash: string | null;
  expiresAt: Date;
  createdAt: Date;
  purpose: SsoAttemptPurpose;
  /** A re-authentication's account and session. */
  userId: string | null;
  sessionId: string | null;
}

/** A re-authentication the signed-in app prepared, now claimed by the browser that opened its start address. */
export interface ClaimedReauthentication {
  organizationId: string;
  provider: ProviderKind;
  nonce: string;
  codeVerifier: string;
}

/**
 * The sso module's tables: identity providers and sign-in options of the current organisation
 * (TenantContext), and the login attempts on their way through a provider.
 */
@Injectable()
export class SignInSettingsRepository {
  constructor(private readonly em: EntityManager) {}

  /** The current organisation's providers, their secrets included (never to be sent out). */
  providers(): Promise<IdentityProvider[]> {
    return this.em.find(IdentityProvider, {}, { populate: ['clientSecret'], orderBy: { kind: 'asc' } });
  }

  provider(kind: ProviderKind): Promise<IdentityProvider | null> {
    return this.em.findOne(IdentityProvider, { kind }, { populate: ['clientSecret'] });
  }

  /** The provider of `kind`, made when missing and locked for the rest of the transaction. */
  async lockProvider(kind: ProviderKind): Promise<IdentityProvider> {
    await this.em.execute(
      'insert into identity_providers (id, organization_id, kind) values (?, ?, ?) on conflict (organization_id, kind) do nothing',
      [randomUUID(), TenantContext.require(), kind],
    );
    return this.em.findOneOrFail(IdentityProvider, { kind }, { populate: ['clientSecret'], lockMode: LockMode.PESSIMISTIC_WRITE });
  }

  async options(): Promise<SignInOptions> {
    const row = await this.em.findOne(SignInSettings, {});
    return row ? { joinRule: row.joinRule, passwordSignIn: row.passwordSignIn } : { ...DEFAULT_SIGN_IN_OPTIONS };
  }

  /** The organisation's sign-in options row, made when missing and locked for the rest of the transaction. */
  async lockOptions(): Promise<SignInSettings> {
    await this.em.execute(
      'insert into sign_in_settings (id, organization_id) values (?, ?) on conflict (organization_id) do nothing',
      [randomUUID(), TenantContext.require()],
    );
    return this.em.findOneOrFail(SignInSettings, {}, { lockMode: LockMode.PESSIMISTIC_WRITE });
  }

  /** Records an attempt of the current organisation, and clears those that have expired. */
  async addAttempt(
    attempt: {
      provider: ProviderKind;
      stateHash: string;
      nonce: string;
      codeVerifier: string;
      browserHash: string | null;
      expiresAt: Date;
      purpose?: SsoAttemptPurpose;
      user?: string;
      sessionId?: string;
    },
    now: Date,
  ): Promise<void> {
    await this.em.nativeDelete(SsoLoginAttempt, { expiresAt: { $lte: now } });
    this.em.create(SsoLoginAttempt, { ...attempt, organization: TenantContext.require() });
    await this.em.flush();
  }

  /**
   * Binds a prepared re-authentication to the browser that has just opened its start address
   * (once: a second browser with the same address finds it claimed), and answers what the
   * redirect to the provider needs.
   */
  async claimReauthentication(stateHash: string, browserHash: string, now: Date): Promise<ClaimedReauthentication | undefined> {
    const rows = await this.em.execute<{ organization_id: string; provider: ProviderKind; nonce: string; code_verifier: string }[]>(
      `update sso_login_attempts set browser_hash = ?
        where state_hash = ? and purpose = 'reauth' and browser_hash is null and expires_at > ?
        returning organization_id, provider, nonce, code_verifier`,
      [browserHash, stateHash, now],
    );
    const row = rows[0];
    return row && { organizationId: row.organization_id, provider: row.provider, nonce: row.nonce, codeVerifier: row.code_verifier };
  }

  /**
   * Takes the attempt a returning `state` belongs to: deleting it is the taking, so of two
   * callbacks with the same state only one gets it back, and none gets it twice. An expired
   * attempt is taken too (and refused by the caller).
   */
  async takeAttempt(stateHash: string): Promise<TakenAttempt | undefined> {
    const rows = await this.em.execute<
      {
        organization_id: string;
        provider: ProviderKind;
        nonce: string;
        code_verifier: string;
        browser_hash: string | null;
        expires_at: Date;
        created_at: Date;
        purpose: SsoAttemptPurpose;
        user_id: string | null;
        session_id: string | null;
      }[]
    >(
      `delete from sso_login_attempts where state_hash = ?
       returning organization_id, provider, nonce, code_verifier, browser_hash, expires_at, created_at, purpose, user_id, session_id`,
      [stateHash],
    );
    const row = rows[0];
    return (
      row && {
        organizationId: row.organization_id,
        provider: row.provider,
        nonce: row.nonce,
        codeVerifier: row.code_verifier,
        browserHash: row.browser_hash,
        expiresAt: new Date(row.expires_at),
        createdAt: new Date(row.created_at),
        purpose: row.purpose,
        userId: row.user_id,
        sessionId: row.session_id,
      }
    );
  }

  /** Erasure: deletes the person's sign-in attempts through a provider (re-authentications and links). */
  async deleteAttemptsOf(userId: string): Promise<number> {
    const rows = await this.em.execute<{ id: string }[]>('delete from sso_login_attempts where organization_id = ? and user_id = ? returning id', [
      TenantContext.require(),
      userId,
    ]);
    return rows.length;
  }

  /** Ages out the sign-in attempts of every organisation that expired (10 minutes after they began); how many went. */
  async deleteExpiredAttempts(now: Date): Promise<number> {
    const rows = await this.em.execute<{ id: string }[]>(
      'delete from sso_login_attempts a using organizations o where a.organization_id = o.id and a.expires_at <= ? returning a.id',
      [now],
    );
    return rows.length;
  }
}
