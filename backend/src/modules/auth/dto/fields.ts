import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsNotEmpty, IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { ASCII_ONLY, LOOK_ALIKE_EMAIL, normalizeEmail } from '../../../common/validation/email-address';
import { lowerTrim } from '../../../common/validation/normalize';

/**
 * An email address, Unicode-normalised, trimmed and lower-cased, with the message for a bad one
 * (docs/product.md#texts-on-screen); look-alike characters are refused (email-address.ts).
 */
export function EmailField(message = 'Invalid email address') {
  // The swagger plugin reads validators only when applied directly; state the schema here.
  return applyDecorators(
    ApiProperty({ type: String, format: 'email', maxLength: 254 }),
    Transform(({ value }) => (typeof value === 'string' ? normalizeEmail(value) : value)),
    // Checked first: such an address is no valid email either, and this says why.
    Matches(ASCII_ONLY, { message: LOOK_ALIKE_EMAIL }),
    IsEmail({}, { message }),
    MaxLength(254, { message: 'Email must be at most 254 characters' }),
  );
}

/** A new or current password: 6 to 128 characters (docs/product.md#accounts-and-sign-in: at least 6). */
export function PasswordField(tooShort = 'Password must be at least 6 characters') {
  return applyDecorators(
    ApiProperty({ type: String, minLength: 6, maxLength: 128 }),
    IsString({ message: tooShort }),
    MinLength(6, { message: tooShort }),
    MaxLength(128, { message: tooShort.replace('at least 6', 'at most 128') }),
  );
}

/**
 * The organisation's subdomain, as typed at sign-in (lower-cased). Optional in the sign-in flows:
 * an organisation's own address (APP_BASE_DOMAIN) names it, and elsewhere the server asks for it.
 */
export function OrganizationSubdomainField({ optional = false }: { optional?: boolean } = {}) {
  return applyDecorators(
    ApiProperty({ type: String, minLength: 1, maxLength: 63, required: !optional }),
    ...(optional ? [IsOptional()] : []),
    Transform(lowerTrim),
    IsString({ message: 'Organization is required' }),
    IsNotEmpty({ message: 'Organization is required' }),
    MaxLength(63, { message: 'Organization must be at most 63 characters' }),
  );
}
