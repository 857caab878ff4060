/** Whether the organisation can still import an export (docs/security.md, "Organisation export and import"). */
export class OrganizationImportStatusDto {
  /** True while the organisation is new: no data beyond its admins' accounts. */
  canImport!: boolean;
}
