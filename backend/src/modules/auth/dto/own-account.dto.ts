import { Transform } from 'class-transformer';
import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength, MinLength } from 'class-validator';
import { trim } from '../../../common/validation/normalize';
import { PASSWORD_LINK_PURPOSES, type PasswordLinkPurpose } from '../entities/password-reset-token.entity';
import { MessageDto } from './auth-responses.dto';
import { EmailField, PasswordField } from './fields';
import { ReauthenticationDto } from './two-factor.dto';

/** A new name for the signed-in person's own account (and their staff record). */
export class ChangeOwnNameDto {
  /** 2 to 100 characters, as at sign-up. */
  @Transform(trim)
  @IsString({ message: 'Name is required' })
  @MinLength(2, { message: 'Name must be at least 2 characters' })
  @MaxLength(100, { message: 'Name must be at most 100 characters' })
  name!: string;
}

/**
 * A new password for the signed-in person's own account: the current one (`password`, and a code
 * when two-step verification is on, as every re-authentication asks) and the new one.
 */
export class ChangeOwnPasswordDto extends ReauthenticationDto {
  /** The new password: 6 to 128 characters. */
  @PasswordField('New password must be at least 6 characters')
  newPassword!: string;
}

/**
 * Starts a change of the signed-in person's own sign-in email: re-authentication (the password,
 * or a provider proof for an account without one, and a code when two-step verification is on)
 * and the new address, which must confirm it from an emailed link.
 */
export class ChangeOwnEmailDto extends ReauthenticationDto {
  /** The address to sign in with from now on, once it has confirmed the change. */
  @EmailField()
  newEmail!: string;
}

/** The answer to a password change: this browser's new session (every other one has ended). */
export class PasswordChangedDto extends MessageDto {
  /** A bearer token for a new session, in place of the one the request came with. */
  token!: string;
}

/** The answer to starting a change of one's sign-in email. */
export class EmailChangeStartedDto extends MessageDto {
  /** The address that must confirm the change. */
  newEmail!: string;
}

/** The token of a set-password link (an invitation or a reset), to learn what it is for. */
export class DescribePasswordLinkDto {
  /** The token from the link. */
  @IsString({ message: 'Reset token is required' })
  @IsNotEmpty({ message: 'Reset token is required' })
  @MaxLength(200, { message: 'Reset token is not valid' })
  token!: string;
}

/** What a set-password link is for, so its page can greet an invitee and title a reset as such. */
export class PasswordLinkDto {
  /** `invite`: the first password of an invited person; `reset`: a forgotten password. */
  @ApiProperty({ enum: PASSWORD_LINK_PURPOSES, enumName: 'PasswordLinkPurpose' })
  purpose!: PasswordLinkPurpose;
  /** The organisation the account belongs to. */
  organizationName!: string;
  /** The account's name, to greet them. */
  name!: string;
}
