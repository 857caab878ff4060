import { RotaDayDto } from './rota-day.dto';

/** What a direct edit did. */
export class RotaEditResultDto {
  /** The days changed, as they are now (one, or two for a move). */
  days!: RotaDayDto[];
  /** What happened, for a person to read. */
  message!: string;
}
