/** Whether the signed-in person has two-step verification on. */
export class TwoFactorStatusDto {
  enabled!: boolean;
  /** Recovery codes not used yet (0 while two-step verification is off). */
  recoveryCodesLeft!: number;
}
