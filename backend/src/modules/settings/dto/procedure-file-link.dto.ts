export class ProcedureFileLinkDto {
  /** Relative to the app; works without an Authorization header until `expiresAt`. */
  url!: string;
  expiresAt!: Date;
}
