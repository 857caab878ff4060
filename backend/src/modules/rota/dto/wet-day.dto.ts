import { ApiProperty } from '@nestjs/swagger';

/** A day marked wet, or not (docs/product.md#duties), after marking or unmarking it. */
export class WetDayDto {
  @ApiProperty({ format: 'date', example: '2026-11-30' })
  date!: string;
  /** Whether the day is now a wet day: the duties with a wet-weather post are at that post. */
  wet!: boolean;
  /** How many people this marking told that their post moves (0 when unmarking, or when all were told before). */
  told!: number;
}
