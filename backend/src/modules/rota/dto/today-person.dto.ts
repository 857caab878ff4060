/** Someone on the Today board: their staff record's id and name, nothing else. */
export class TodayPersonDto {
  id!: string;
  name!: string;
}
