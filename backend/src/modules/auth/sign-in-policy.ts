import { Injectable } from '@nestjs/common';
import type { User } from './entities/user.entity';

/** Whether the current organisation (TenantContext) lets its members sign in with a password. */
export type PasswordSignInCheck = () => Promise<boolean>;

export const PASSWORD_SIGN_IN_OFF =
  'Your organisation signs in through its own accounts (Google, Microsoft or another provider), not with a password here. Use its sign-in button instead.';

/**
 * Which ways in an organisation allows, asked by the password sign-in. The rule lives with the
 * organisation's sign-in settings in the sso module, which comes after auth in the module order
 * (.dependency-cruiser.cjs), so it registers its check here when it starts (SsoModule); without
 * one, passwords are allowed. Admins always keep password sign-in: a mistyped client secret or
 * an expired one at the identity provider must not lock the school out of the settings that
 * would put it right.
 */
@Injectable()
export class SignInPolicy {
  private passwordCheck?: PasswordSignInCheck;

  onPasswordSignIn(check: PasswordSignInCheck): void {
    this.passwordCheck = check;
  }

  /** Whether `user` may sign in with their password; run inside their organisation's context. */
  async allowsPassword(user: User): Promise<boolean> {
    if (user.role === 'admin' || !this.passwordCheck) return true;
    return this.passwordCheck();
  }
}
