import { ApiProperty } from '@nestjs/swagger';
import { PASSWORD_LINK_PURPOSES, type PasswordLinkPurpose } from '../entities/password-reset-token.entity';

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
