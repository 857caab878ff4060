import { IsBoolean } from 'class-validator';
import { ReauthenticationDto } from '../../auth/dto/reauthentication.dto';

/**
 * Turns the requirement on or off. Needs re-authentication (the admin's password and a current
 * code), and, to turn it on, two-step verification on the admin's own account first.
 */
export class SaveTwoFactorRequirementDto extends ReauthenticationDto {
  @IsBoolean({ message: 'requireAdminTwoFactor must be true or false' })
  requireAdminTwoFactor!: boolean;
}
