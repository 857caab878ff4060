import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Authenticated } from '../../common/auth/authenticated.decorator';
import { DutyDto } from './dto/duty.dto';
import { DutiesService } from './duties.service';

@ApiTags('duties')
@Controller('duties')
export class DutiesController {
  constructor(private readonly duties: DutiesService) {}

  /** The duties the school runs, in its order: the Duty Manager duty, and every other it defines. */
  @Get()
  @Authenticated('rota.view')
  getDuties(): Promise<DutyDto[]> {
    return this.duties.list();
  }
}
