import { ApiProperty } from '@nestjs/swagger';
import { RotaCandidateDto } from './rota-candidate.dto';

/** Who may be put on a day, least loaded first (docs/product.md#editing-the-rota-directly). */
export class RotaCandidatesDto {
  @ApiProperty({ format: 'date' })
  date!: string;
  /** Why nobody may be on duty that day (a holiday, outside term time, a weekend), or null on a school day. */
  closed!: string | null;
  /** Active people who are not away and not already on the day, fewest duties this year first. */
  candidates!: RotaCandidateDto[];
}
