import { MessageDto } from './message.dto';

/** The answer to a password change: this browser's new session (every other one has ended). */
export class PasswordChangedDto extends MessageDto {
  /** A bearer token for a new session, in place of the one the request came with. */
  token!: string;
}
