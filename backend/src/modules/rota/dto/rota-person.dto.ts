export class RotaPersonDto {
  id!: string;
  name!: string;
}
