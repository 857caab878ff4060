export class MessageDto {
  /** What happened, for a person to read. */
  message!: string;
}
