import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../common/auth/auth-user';
import { Authenticated, CurrentUser } from '../../common/auth/authenticated.decorator';
import { DutyRulesDto, SaveDutyRulesDto, SavedDutyRulesDto } from './dto/duty-rules.dto';
import { DutyRulesService } from './duty-rules.service';

/** How many duties one person may take on a day (docs/product.md#duties). */
@ApiTags('duties')
@Controller('duty-rules')
export class DutyRulesController {
  constructor(private readonly rules: DutyRulesService) {}

  @Get()
  @Authenticated('rota.view')
  getDutyRules(): Promise<DutyRulesDto> {
    return this.rules.get();
  }

  /** A lower maximum, or all-day duties counted, takes planned assignments that now break it off the rota from today on. */
  @Put()
  @Authenticated('settings.manage')
  saveDutyRules(@CurrentUser() user: AuthUser, @Body() dto: SaveDutyRulesDto): Promise<SavedDutyRulesDto> {
    return this.rules.save(user, dto);
  }
}
