import { Controller, Get, HttpStatus, Res } from '@nestjs/common';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { DatabaseProbe } from '../../database/database-probe';
import { HealthDto } from './dto/health.dto';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(private readonly database: DatabaseProbe) {}

  /** Reports whether the app and its database are up, within a second; load balancers poll it. */
  @Get()
  @ApiOkResponse({ type: HealthDto, description: 'The app and its database are up.' })
  @ApiServiceUnavailableResponse({ type: HealthDto, description: 'The database is unreachable, or did not answer within 0.8 s.' })
  async getHealth(@Res({ passthrough: true }) res: FastifyReply): Promise<HealthDto> {
    const check = await this.database.check();
    if (check.ok) return { status: 'ok', database: 'up' };
    res.code(HttpStatus.SERVICE_UNAVAILABLE);
    return { status: 'degraded', database: 'down', reason: check.reason };
  }
}
