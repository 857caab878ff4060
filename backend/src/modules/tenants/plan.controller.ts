import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { PlanDto } from './dto/plan.dto';
import { PROFESSIONAL_PLAN } from './plan';

@ApiTags('tenants')
@Controller('plan')
export class PlanController {
  /** The plan a new organisation signs up for; public, shown on the landing page. */
  @Get()
  @ApiOkResponse({ type: PlanDto, description: 'The Professional plan.' })
  getPlan(): PlanDto {
    return { ...PROFESSIONAL_PLAN, features: [...PROFESSIONAL_PLAN.features] };
  }
}
