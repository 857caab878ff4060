/** Who held (or holds) a slot a bulk tool changes. */
export class BulkChangePersonDto {
  id!: string;
  name!: string;
}
