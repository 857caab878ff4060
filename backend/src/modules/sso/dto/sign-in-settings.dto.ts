import { applyDecorators } from '@nestjs/common';
import { ApiProperty, IntersectionType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { trim } from '../../../common/validation/normalize';
import { ReauthenticationDto } from '../../auth/dto/reauthentication.dto';
import { JOIN_RULES, type JoinRule } from '../entities/sign-in-settings.entity';

/** Most allowed domains or tenants one provider takes. */
export const MAX_ALLOWED_ENTRIES = 20;

const lowerTrimEach = ({ value }: { value: unknown }): unknown =>
  Array.isArray(value) ? value.map((entry) => (typeof entry === 'string' ? entry.trim().toLowerCase() : entry)) : value;

/** A domain name of letters, digits and hyphens with at least one dot, lower-cased (Google Workspace's `hd`). */
const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
/** A Microsoft directory (tenant) id: a GUID, lower-cased. */
const TENANT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

class ProviderFieldsDto {
  /** Whether people may sign in with this provider. */
  @IsBoolean({ message: 'enabled must be true or false' })
  enabled!: boolean;

  /** The client ID the provider issued for this app. */
  @ApiProperty({ maxLength: 255 })
  @Transform(trim)
  @IsString({ message: 'The client ID must be text' })
  @MaxLength(255, { message: 'The client ID must be at most 255 characters' })
  clientId!: string;
}

/**
 * Changing how people sign in asks the admin to confirm it is them (docs/security.md,
 * "Re-authentication"): their password (or a fresh provider sign-in), and their code when two-step
 * verification is on.
 */
class SaveProviderFieldsDto extends IntersectionType(ProviderFieldsDto, ReauthenticationDto) {
  /**
   * A new client secret, or nothing (or an empty string) to keep the saved one. Never sent back:
   * the settings say only whether one is saved.
   */
  @ApiProperty({ required: false, maxLength: 1000, writeOnly: true })
  @IsOptional()
  @Transform(trim)
  @IsString({ message: 'The client secret must be text' })
  @MaxLength(1000, { message: 'The client secret must be at most 1000 characters' })
  clientSecret?: string;
}

function AllowedDomains() {
  return applyDecorators(
    ApiProperty({ type: [String], maxItems: MAX_ALLOWED_ENTRIES, example: ['stmarys.sch.uk'] }),
    Transform(lowerTrimEach),
    IsArray({ message: 'allowedDomains must be a list of domain names' }),
    ArrayMaxSize(MAX_ALLOWED_ENTRIES, { message: `At most ${MAX_ALLOWED_ENTRIES} allowed domains` }),
    IsString({ each: true, message: 'Each allowed domain must be a domain name such as stmarys.sch.uk' }),
    Matches(DOMAIN, { each: true, message: 'Each allowed domain must be a domain name such as stmarys.sch.uk' }),
  );
}

function AllowedTenantIds() {
  const message = 'Each tenant ID must be a directory (tenant) ID such as 8eaef023-2b34-4da1-9baa-8bc8c9d6a490';
  return applyDecorators(
    ApiProperty({ type: [String], maxItems: MAX_ALLOWED_ENTRIES, example: ['8eaef023-2b34-4da1-9baa-8bc8c9d6a490'] }),
    Transform(lowerTrimEach),
    IsArray({ message: 'allowedTenantIds must be a list of tenant IDs' }),
    ArrayMaxSize(MAX_ALLOWED_ENTRIES, { message: `At most ${MAX_ALLOWED_ENTRIES} tenant IDs` }),
    IsString({ each: true, message }),
    Matches(TENANT_ID, { each: true, message }),
  );
}

export const ISSUER_MESSAGE = 'The issuer must be an https:// address such as https://login.example.org (no query or fragment)';
export const NAME_MESSAGE = 'The name must be 1 to 40 characters, e.g. Okta';

class OidcFieldsDto extends SaveProviderFieldsDto {
  /** The name on the sign-in button: "Sign in with <name>". */
  @ApiProperty({ maxLength: 40 })
  @Transform(trim)
  @IsString({ message: NAME_MESSAGE })
  @MaxLength(40, { message: NAME_MESSAGE })
  name!: string;

  /** The provider's issuer URL, where discovery (`/.well-known/openid-configuration`) starts. */
  @ApiProperty({ maxLength: 500, example: 'https://login.example.org' })
  @Transform(trim)
  @IsString({ message: ISSUER_MESSAGE })
  @MaxLength(500, { message: ISSUER_MESSAGE })
  issuer!: string;
}


/** Google Workspace: who signs in is decided by the Workspace domain of their account (`hd`). */
export class GoogleSignInDto extends ProviderFieldsDto {
  /** Whether a client secret is saved (the secret itself is never sent). */
  clientSecretSet!: boolean;
  /** The Workspace domains whose accounts may sign in. */
  allowedDomains!: string[];
}

export class SaveGoogleSignInDto extends SaveProviderFieldsDto {
  /** The Workspace domains whose accounts may sign in, e.g. stmarys.sch.uk (at most 20). */
  @AllowedDomains()
  allowedDomains!: string[];
}

/** Microsoft Entra ID: who signs in is decided by the directory (tenant) of their account (`tid`). */
export class MicrosoftSignInDto extends ProviderFieldsDto {
  /** Whether a client secret is saved (the secret itself is never sent). */
  clientSecretSet!: boolean;
  /** The directory (tenant) IDs whose accounts may sign in. */
  allowedTenantIds!: string[];
}

export class SaveMicrosoftSignInDto extends SaveProviderFieldsDto {
  /** The directory (tenant) IDs whose accounts may sign in (at most 20). */
  @AllowedTenantIds()
  allowedTenantIds!: string[];
}

/** Another OpenID Provider, by its issuer; anyone it vouches for with a verified email may sign in. */
export class OidcSignInDto extends ProviderFieldsDto {
  /** Whether a client secret is saved (the secret itself is never sent). */
  clientSecretSet!: boolean;
  /** The name on the sign-in button. */
  name!: string;
  /** The provider's issuer URL. */
  issuer!: string;
}

export class SaveOidcSignInDto extends OidcFieldsDto {}

export class SignInOptionsDto {
  /** Someone from an allowed domain or tenant without an account: refused, or joins as staff. */
  @ApiProperty({ enum: JOIN_RULES, enumName: 'JoinRule' })
  @IsIn(JOIN_RULES, { message: `joinRule must be one of ${JOIN_RULES.join(', ')}` })
  joinRule!: JoinRule;

  /** Whether members other than admins may still sign in with a password (admins always may). */
  @IsBoolean({ message: 'passwordSignIn must be true or false' })
  passwordSignIn!: boolean;
}

/** The sign-in options, behind re-authentication like every change to how people sign in. */
export class SaveSignInOptionsDto extends IntersectionType(SignInOptionsDto, ReauthenticationDto) {}

export class SignInSettingsDto extends SignInOptionsDto {
  /** The redirect URI to register with each provider. */
  callbackUrl!: string;
  google!: GoogleSignInDto;
  microsoft!: MicrosoftSignInDto;
  oidc!: OidcSignInDto;
}
