import { ApiProperty } from '@nestjs/swagger';
import { DutyPostDto } from './duty-post.dto';

/** One of a person's duties on one day: the duty as people's days show it, and their slot on it. */
export class MyDutyDto extends DutyPostDto {
  /** `yyyy-MM-dd`. */
  @ApiProperty({ example: '2026-11-30' })
  date!: string;
  /** The person's slot on the duty that day, from 1. */
  position!: number;
}
