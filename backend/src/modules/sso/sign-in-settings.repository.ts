import { randomUUID } from 'node:crypto';
import { type EntityManager, LockMode } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { TenantContext } from '../../tenancy/tenant-context';
import { IdentityProvider, type ProviderKind } from './entities/identity-provider.entity';
import { type JoinRule, SignInSettings } from './entities/sign-in-settings.entity';
import { SsoLoginAttempt } from './entities/sso-login-attempt.entity';

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
  browserHash: string;
  expiresAt: Date;
}

/**
 * The sso module's tables: identity providers and sign-in options of the current organisation
 * (TenantContext), and the login attempts on their way through a provider.
 */
@Injectable()
export class SignInSettingsRepository {
  /** The current organisation's providers, their secrets included (never to be sent out). */
  providers(em: EntityManager): Promise<IdentityProvider[]> {
    return em.find(IdentityProvider, {}, { populate: ['clientSecret'], orderBy: { kind: 'asc' } });
  }

  provider(em: EntityManager, kind: ProviderKind): Promise<IdentityProvider | null> {
    return em.findOne(IdentityProvider, { kind }, { populate: ['clientSecret'] });
  }

  /** The provider of `kind`, made when missing and locked for the rest of the transaction. */
  async lockProvider(em: EntityManager, kind: ProviderKind): Promise<IdentityProvider> {
    await em.execute(
      'insert into identity_providers (id, organization_id, kind) values (?, ?, ?) on conflict (organization_id, kind) do nothing',
      [randomUUID(), TenantContext.require(), kind],
    );
    return em.findOneOrFail(IdentityProvider, { kind }, { populate: ['clientSecret'], lockMode: LockMode.PESSIMISTIC_WRITE });
  }

  async options(em: EntityManager): Promise<SignInOptions> {
    const row = await em.findOne(SignInSettings, {});
    return row ? { joinRule: row.joinRule, passwordSignIn: row.passwordSignIn } : { ...DEFAULT_SIGN_IN_OPTIONS };
  }

  /** The organisation's sign-in options row, made when missing and locked for the rest of the transaction. */
  async lockOptions(em: EntityManager): Promise<SignInSettings> {
    await em.execute(
      'insert into sign_in_settings (id, organization_id) values (?, ?) on conflict (organization_id) do nothing',
      [randomUUID(), TenantContext.require()],
    );
    return em.findOneOrFail(SignInSettings, {}, { lockMode: LockMode.PESSIMISTIC_WRITE });
  }

  /** Records an attempt of the current organisation, and clears those that have expired. */
  async addAttempt(
    em: EntityManager,
    attempt: { provider: ProviderKind; stateHash: string; nonce: string; codeVerifier: string; browserHash: string; expiresAt: Date },
    now: Date,
  ): Promise<void> {
    await em.nativeDelete(SsoLoginAttempt, { expiresAt: { $lte: now } });
    em.create(SsoLoginAttempt, { ...attempt, organization: TenantContext.require() });
    await em.flush();
  }

  /**
   * Takes the attempt a returning `state` belongs to: deleting it is the taking, so of two
   * callbacks with the same state only one gets it back, and none gets it twice. An expired
   * attempt is taken too (and refused by the caller).
   */
  async takeAttempt(em: EntityManager, stateHash: string): Promise<TakenAttempt | undefined> {
    const rows = await em.execute<
      { organization_id: string; provider: ProviderKind; nonce: string; code_verifier: string; browser_hash: string; expires_at: Date }[]
    >(
      'delete from sso_login_attempts where state_hash = ? returning organization_id, provider, nonce, code_verifier, browser_hash, expires_at',
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
      }
    );
  }
}
