import { randomUUID } from 'node:crypto';
import { OptionalProps, type Ref } from '@mikro-orm/core';
import { Entity, Enum, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { User } from '../../auth/entities/user.entity';
import { Organization } from '../../tenants/entities/organization.entity';
import { PROVIDER_KINDS, type ProviderKind } from './identity-provider.entity';

export const SSO_ATTEMPT_PURPOSES = ['sign_in', 'reauth'] as const;
export type SsoAttemptPurpose = (typeof SSO_ATTEMPT_PURPOSES)[number];

/**
 * A sign-in through an identity provider on its way: made when the browser is sent to the
 * provider, taken (deleted) when the provider sends it back. It holds what must not travel
 * through the browser — the nonce the ID token must carry and the PKCE code verifier — under the
 * SHA-256 of the `state` that comes back, in the database so that any instance can finish what
 * another started, bound to the browser that started it. Ten minutes, used once. Not tenant-scoped: it is found by its state before
 * its organisation is known.
 */
@Entity({ tableName: 'sso_login_attempts' })
export class SsoLoginAttempt {
  [OptionalProps]?: 'createdAt' | 'purpose';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => Organization, { ref: true, deleteRule: 'cascade', index: true })
  organization!: Ref<Organization>;

  @Enum({ items: () => PROVIDER_KINDS })
  provider!: ProviderKind;

  @Property({ type: 'string', length: 64 })
  @Unique()
  stateHash!: string;

  @Property({ type: 'string', length: 128 })
  nonce!: string;

  @Property({ type: 'string', length: 128 })
  codeVerifier!: string;

  /**
   * SHA-256 of the browser's sign-in cookie when the attempt started: the callback must come
   * from the same browser, so a code and state captured from someone's own sign-in can't sign
   * another browser in as them (login CSRF). Empty only for a re-authentication the signed-in
   * app has prepared and whose browser has not reached the start yet.
   */
  @Property({ type: 'string', length: 64, nullable: true })
  browserHash?: string | null;

  /**
   * `sign_in`, or `reauth`: a signed-in person proving it is still them through their provider
   * before a sensitive change (docs/security.md, "Re-authentication"); it ends in a short-lived
   * proof for that session, never in a session of its own.
   */
  @Enum({ items: () => SSO_ATTEMPT_PURPOSES, default: 'sign_in' })
  purpose: SsoAttemptPurpose = 'sign_in';

  /** A re-authentication's account: the provider must vouch for this account's own identity. */
  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade', nullable: true })
  user?: Ref<User> | null;

  /** A re-authentication's session: the proof works for that session only. */
  @Property({ type: 'uuid', nullable: true })
  sessionId?: string | null;

  @Property({ type: 'datetime', index: true })
  expiresAt!: Date;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
