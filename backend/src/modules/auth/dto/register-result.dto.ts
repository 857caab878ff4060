import { AuthTokenDto } from './auth-token.dto';

/** The answer to signing up. */
export class RegisterResultDto extends AuthTokenDto {
  /**
   * Where to continue, when the sign-up came to the bare domain (APP_BASE_DOMAIN set): the new
   * organisation's own address with a one-time sign-in code, `<address>/continue#code=…`. The
   * browser goes there and keeps its session on that address; `token` is then not needed.
   */
  continueUrl?: string;
}
