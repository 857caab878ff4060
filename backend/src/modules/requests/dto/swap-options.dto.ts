import { ApiProperty } from '@nestjs/swagger';
import { SwapColleagueDto } from './swap-colleague.dto';

export class SwapOptionsDto {
  /** The requester's duties from today on. */
  @ApiProperty({ type: String, format: 'date', isArray: true })
  duties!: string[];
  /** For `originalDate`: the colleagues who can take it (active, work that weekday, not on duty, not away, under their cap), by name. */
  colleagues!: SwapColleagueDto[];
}
