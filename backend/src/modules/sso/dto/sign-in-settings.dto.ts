import { SignInOptionsDto } from './sign-in-options.dto';
import { GoogleSignInDto } from './google-sign-in.dto';
import { MicrosoftSignInDto } from './microsoft-sign-in.dto';
import { OidcSignInDto } from './oidc-sign-in.dto';

export class SignInSettingsDto extends SignInOptionsDto {
  /** The redirect URI to register with each provider. */
  callbackUrl!: string;
  google!: GoogleSignInDto;
  microsoft!: MicrosoftSignInDto;
  oidc!: OidcSignInDto;
}
