/**
 * The answer to a sign-in step (password, handoff code): a session (`token`), or, for an account
 * with two-step verification on, the request for its second step (`twoFactorRequired` and the
 * `challenge` to send with the code to POST /api/auth/login/two-factor).
 */
export class SignInResultDto {
  /** A bearer token for the `Authorization` header; absent while the second step is outstanding. */
  token?: string;
  /** True when the account has two-step verification on: send a code with `challenge` next. */
  twoFactorRequired?: boolean;
  /** The second step's one-time key (valid five minutes, used once). */
  challenge?: string;
}
