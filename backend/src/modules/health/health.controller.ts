import { Controller, Get, HttpStatus, Res } from '@nestjs/common';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { MikroORM } from '@mikro-orm/core';
import type { FastifyReply } from 'fastify';
import { HealthDto } from './dto/health.dto';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(private readonly orm: MikroORM) {}

  /** Reports whether the app and its database are up; load balancers poll it. */
  @Get()
  @ApiOkResponse({ type: HealthDto, description: 'The app and its database are up.' })
  @ApiServiceUnavailableResponse({ type: HealthDto, description: 'The database is unreachable.' })
  async getHealth(@Res({ passthrough: true }) res: FastifyReply): Promise<HealthDto> {
    const check = await this.orm.checkConnection();
    if (check.ok) return { status: 'ok', database: 'up' };
    res.code(HttpStatus.SERVICE_UNAVAILABLE);
    return { status: 'degraded', database: 'down', reason: check.reason };
  }
}
