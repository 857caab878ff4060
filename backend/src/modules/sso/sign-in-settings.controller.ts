import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiBadRequestResponse, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../common/auth/auth-user';
import { Authenticated, CurrentUser, RequiresReauthentication } from '../../common/auth/authenticated.decorator';
import { ErrorResponseDto } from '../../common/http/error-body';
import { SaveGoogleSignInDto } from './dto/save-google-sign-in.dto';
import { SaveMicrosoftSignInDto } from './dto/save-microsoft-sign-in.dto';
import { SaveOidcSignInDto } from './dto/save-oidc-sign-in.dto';
import { SaveSignInOptionsDto } from './dto/save-sign-in-options.dto';
import { SignInSettingsDto } from './dto/sign-in-settings.dto';
import { SignInSettingsService } from './sign-in-settings.service';

const INCOMPLETE = 'A provider turned on without what it needs (client ID, secret, domains, tenants or issuer), or no way in left for staff.';

/** The Admin Panel's Sign-in section: identity providers and sign-in options (admins only). */
@ApiTags('settings')
@Controller('sign-in-settings')
export class SignInSettingsController {
  constructor(private readonly settings: SignInSettingsService) {}

  /** The organisation's sign-in options and identity providers; client secrets are never sent, only whether one is saved. */
  @Get()
  @Authenticated('settings.manage')
  getSignInSettings(): Promise<SignInSettingsDto> {
    return this.settings.get();
  }

  /** Whether people without an account may join as staff, and whether non-admins may sign in with a password. */
  @Put()
  @Authenticated('settings.manage')
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: INCOMPLETE })
  @RequiresReauthentication()
  saveSignInOptions(@CurrentUser() user: AuthUser, @Body() dto: SaveSignInOptionsDto): Promise<SignInSettingsDto> {
    return this.settings.saveOptions(user, dto);
  }

  /** Sign-in with Google (Workspace): client ID, secret (write-only) and the allowed Workspace domains. */
  @Put('google')
  @Authenticated('settings.manage')
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: INCOMPLETE })
  @RequiresReauthentication()
  saveGoogleSignIn(@CurrentUser() user: AuthUser, @Body() dto: SaveGoogleSignInDto): Promise<SignInSettingsDto> {
    return this.settings.saveGoogle(user, dto);
  }

  /** Sign-in with Microsoft (Entra ID): client ID, secret (write-only) and the allowed directory (tenant) IDs. */
  @Put('microsoft')
  @Authenticated('settings.manage')
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: INCOMPLETE })
  @RequiresReauthentication()
  saveMicrosoftSignIn(@CurrentUser() user: AuthUser, @Body() dto: SaveMicrosoftSignInDto): Promise<SignInSettingsDto> {
    return this.settings.saveMicrosoft(user, dto);
  }

  /** Sign-in with another OpenID Provider: its name, issuer URL, client ID and secret (write-only). */
  @Put('oidc')
  @Authenticated('settings.manage')
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: INCOMPLETE })
  @RequiresReauthentication()
  saveOidcSignIn(@CurrentUser() user: AuthUser, @Body() dto: SaveOidcSignInDto): Promise<SignInSettingsDto> {
    return this.settings.saveOidc(user, dto);
  }
}
