import { IsString, MaxLength } from 'class-validator';
import { ReauthenticationDto } from '../../auth/dto/reauthentication.dto';

export const CONFIRM_NAME_MESSAGE = "Type the organisation's name exactly to confirm";

/**
 * Asks for the organisation to be deleted after 30 days' grace. Needs re-authentication (the
 * admin's password, or a fresh provider sign-in, and a current code when two-step verification is
 * on) and the organisation's name typed exactly as it is stored.
 */
export class RequestOrganizationDeletionDto extends ReauthenticationDto {
  /** The organisation's name, exactly (case and spaces included). */
  @IsString({ message: CONFIRM_NAME_MESSAGE })
  @MaxLength(255, { message: CONFIRM_NAME_MESSAGE })
  confirmName!: string;
}
