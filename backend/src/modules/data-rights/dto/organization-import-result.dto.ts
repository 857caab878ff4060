/** How many rows of one table an import added. */
export class ImportedTableDto {
  /** The table, as in docs/export-format.md (e.g. `staff`, `rota_slots`). */
  table!: string;
  /** Rows added. */
  rows!: number;
}

/** What an organisation import added, and what the people imported need to do. */
export class OrganizationImportResultDto {
  /** Every table of the export, in import order, with the rows added. */
  tables!: ImportedTableDto[];
  /** Imported accounts without a password here: they use "Forgot password" or single sign-on. */
  accountsWithoutPassword!: number;
  /** A sentence for the admin: what happened and what the imported people do next. */
  message!: string;
}
