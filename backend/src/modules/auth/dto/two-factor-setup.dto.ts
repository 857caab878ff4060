/** What the authenticator app needs: shown once, as a QR code and as text for typing in. */
export class TwoFactorSetupDto {
  /** The Base32 secret, for typing into the app by hand. */
  secret!: string;
  /** `otpauth://totp/…`: the QR code's content (issuer "Duty Manager", label "<organisation>: <email>"). */
  otpauthUri!: string;
}
