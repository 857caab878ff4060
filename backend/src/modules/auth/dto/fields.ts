import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsNotEmpty, IsString, MaxLength, MinLength } from 'class-validator';
import { lowerTrim } from '../../../common/validation/normalize';

/** An email address, trimmed and lower-cased, with the message for a bad one (docs/product.md#texts-on-screen). */
export function EmailField(message = 'Invalid email address') {
  // The swagger plugin reads validators only when applied directly; state the schema here.
  return applyDecorators(
    ApiProperty({ type: String, format: 'email', maxLength: 254 }),
    Transform(lowerTrim),
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

/** The organisation's subdomain, as typed at sign-in (lower-cased). */
export function OrganizationSubdomainField() {
  return applyDecorators(
    ApiProperty({ type: String, minLength: 1, maxLength: 63 }),
    Transform(lowerTrim),
    IsString({ message: 'Organization is required' }),
    IsNotEmpty({ message: 'Organization is required' }),
    MaxLength(63, { message: 'Organization must be at most 63 characters' }),
  );
}
