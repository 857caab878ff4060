import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Authenticated } from '../../common/auth/authenticated.decorator';
import { RotaCandidatesDto, RotaCandidatesQueryDto, RotaHealthDto } from './dto/rota-edit.dto';
import { RotaHealthService } from './rota-health.service';

@ApiTags('rota')
@Controller('rota')
export class RotaHealthController {
  constructor(private readonly health: RotaHealthService) {}

  /**
   * The rota from today on: assignments that break a hard rule (always none unless something is
   * wrong), the school days to the end of the summer term with an empty slot, and the academic
   * years without term dates.
   */
  @Get('health')
  @Authenticated('rota.manage')
  getRotaHealth(): Promise<RotaHealthDto> {
    return this.health.health();
  }

  /** Who may be put on a day (active, not away, not on it yet), fewest duties this academic year first. */
  @Get('candidates')
  @Authenticated('rota.manage')
  getRotaCandidates(@Query() query: RotaCandidatesQueryDto): Promise<RotaCandidatesDto> {
    return this.health.candidates(query.date);
  }
}
