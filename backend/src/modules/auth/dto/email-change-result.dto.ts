import { MessageDto } from './message.dto';

/** The answer to following a link of a pending email change, or approving it signed in. */
export class EmailChangeResultDto extends MessageDto {
  /** True when the new address is now the sign-in email (every session has ended: sign in again). */
  complete!: boolean;
}
