import { ApiProperty } from '@nestjs/swagger';
import { TodayCandidateDto } from './today-candidate.dto';

/** Who may cover a duty's gap on a day, the lightest weighted load of every duty first (as GET /api/rota/candidates with dutyId). */
export class TodayCandidatesDto {
  @ApiProperty({ format: 'date' })
  date!: string;
  /** Why nobody may be put on the duty that day, or null. */
  @ApiProperty({ type: String, nullable: true })
  closed!: string | null;
  @ApiProperty({ type: [TodayCandidateDto] })
  candidates!: TodayCandidateDto[];
}
