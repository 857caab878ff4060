export class ImportResultDto {
  /** Staff members added. */
  imported!: number;
  /** Rows left out because of their errors. */
  skipped!: number;
}
