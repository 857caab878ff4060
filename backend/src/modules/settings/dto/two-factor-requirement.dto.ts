/** The Admin Panel's Sign-in section: whether admins must use two-step verification. */
export class TwoFactorRequirementDto {
  /** Admins must sign in with two-step verification; one without it reaches only its setup. */
  requireAdminTwoFactor!: boolean;
  /** Active admins who haven't turned two-step verification on. */
  adminsWithoutTwoFactor!: number;
}
