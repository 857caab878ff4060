import { IsBoolean } from 'class-validator';
import { ReauthenticationDto } from '../../auth/dto/two-factor.dto';

/** The Admin Panel's Sign-in section: whether admins must use two-step verification. */
export class TwoFactorRequirementDto {
  /** Admins must sign in with two-step verification; one without it reaches only its setup. */
  requireAdminTwoFactor!: boolean;
  /** Active admins who haven't turned two-step verification on. */
  adminsWithoutTwoFactor!: number;
}

/**
 * Turns the requirement on or off. Needs re-authentication (the admin's password and a current
 * code), and, to turn it on, two-step verification on the admin's own account first.
 */
export class SaveTwoFactorRequirementDto extends ReauthenticationDto {
  @IsBoolean({ message: 'requireAdminTwoFactor must be true or false' })
  requireAdminTwoFactor!: boolean;
}
