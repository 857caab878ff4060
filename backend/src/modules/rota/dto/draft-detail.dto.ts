import { ApiProperty } from '@nestjs/swagger';
import { DraftDto } from './draft.dto';
import { DraftPersonDto } from './draft-person.dto';

/** A draft with each active person's duties in it and the year's fairness with it in place. */
export class DraftDetailDto extends DraftDto {
  /** The academic year of its first day, whose fair shares it is measured against ("2026-2027"). */
  academicYear!: string;
  /** The largest |load − share| of any active person, in duties (2 decimals). */
  largestGap!: number;
  /** Everyone active, the furthest above their share first. */
  @ApiProperty({ type: [DraftPersonDto] })
  people!: DraftPersonDto[];
}
