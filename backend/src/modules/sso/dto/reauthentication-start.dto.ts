export class ReauthenticationStartDto {
  /**
   * The address to open in a new window: it leads to the provider, and ends on the organisation's
   * `/reauthenticated#proof=…` (or `#error=<reason>`), which hands the proof to the form that asked.
   */
  location!: string;
}
