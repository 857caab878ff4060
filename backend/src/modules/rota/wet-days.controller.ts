import { Body, Controller, Put } from '@nestjs/common';
import { ApiBadRequestResponse, ApiForbiddenResponse, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../common/auth/auth-user';
import { Authenticated, CurrentUser } from '../../common/auth/authenticated.decorator';
import { ErrorResponseDto } from '../../common/http/error-body';
import { SetWetDayDto } from './dto/set-wet-day.dto';
import { WetDayDto } from './dto/wet-day.dto';
import { WetDaysService } from './wet-days.service';

/** Wet days (docs/product.md#duties): admins, managers and the day's duty managers, like the Today board. */
@ApiTags('rota')
@Controller('rota/wet-days')
export class WetDaysController {
  constructor(private readonly wetDays: WetDaysService) {}

  /**
   * Marks `date` (today or later) a wet day (`wet: true`) or dry again (`wet: false`). On a wet
   * day the duties with a wet-weather post are at that post on the Today board and in people's
   * days. Each person on such a duty that day is told once (an email and a notification), however
   * often the day is marked; unmarking tells nobody.
   */
  @Put()
  @Authenticated('rota.view')
  @ApiForbiddenResponse({ type: ErrorResponseDto, description: "A staff member who is not on the day's Duty Manager duty." })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'A day before today, or not a date.' })
  setWetDay(@CurrentUser() user: AuthUser, @Body() dto: SetWetDayDto): Promise<WetDayDto> {
    return dto.wet ? this.wetDays.mark(user, dto.date) : this.wetDays.unmark(user, dto.date);
  }
}
