import { MessageDto } from './message.dto';

/** The answer to starting a change of one's sign-in email. */
export class EmailChangeStartedDto extends MessageDto {
  /** The address that must confirm the change. */
  newEmail!: string;
}
