/** Recovery codes: shown this once, each usable once instead of a code from the app. */
export class RecoveryCodesDto {
  recoveryCodes!: string[];
}
