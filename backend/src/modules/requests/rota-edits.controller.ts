import { Body, Controller, Get, HttpCode, HttpStatus, Post, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiNotFoundResponse, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../common/auth/auth-user';
import { Authenticated, CurrentUser } from '../../common/auth/authenticated.decorator';
import { ErrorResponseDto } from '../../common/http/error-body';
import { MoveOnRotaDto } from '../rota/dto/move-on-rota.dto';
import { RemoveFromRotaDto } from '../rota/dto/remove-from-rota.dto';
import { ReplaceOnRotaDto } from '../rota/dto/replace-on-rota.dto';
import { RotaEditResultDto } from '../rota/dto/rota-edit-result.dto';
import { MoveOptionsDto } from '../rota/dto/move-options.dto';
import { MoveOptionsQueryDto } from '../rota/dto/move-options-query.dto';
import { RotaEditsService } from './rota-edits.service';

const PAST_OR_NO_SLOT = 'The day has passed, or the position is above the duty managers per day.';

/** Editing the rota directly: the calendar's Replace with…, Remove and Move to another day. */
@ApiTags('rota')
@Controller('rota')
export class RotaEditsController {
  constructor(private readonly edits: RotaEditsService) {}

  /**
   * Puts a person in a slot: an empty one, or in place of whoever is there (who is told, with the
   * reason); of the Duty Manager duty or, with dutyId, of another duty.
   */
  @Post('replace')
  @HttpCode(HttpStatus.OK)
  @Authenticated('rota.manage')
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: PAST_OR_NO_SLOT })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'The person is already on the day, inactive or away, or the day is closed.' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No such staff member or duty in this organisation.' })
  replaceOnRota(@CurrentUser() user: AuthUser, @Body() dto: ReplaceOnRotaDto): Promise<RotaEditResultDto> {
    return this.edits.replace(user, dto);
  }

  /**
   * Takes the person in a slot (of the Duty Manager duty or, with dutyId, of another duty) off the
   * rota; the reason is kept in their history and emailed to them.
   */
  @Post('remove')
  @HttpCode(HttpStatus.OK)
  @Authenticated('rota.manage')
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: PAST_OR_NO_SLOT })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'Nobody is in that slot.' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No such duty in this organisation.' })
  removeFromRota(@CurrentUser() user: AuthUser, @Body() dto: RemoveFromRotaDto): Promise<RotaEditResultDto> {
    return this.edits.remove(user, dto);
  }

  /**
   * Moves the person in a slot to the first empty slot of another day or, with tradeWithStaffId,
   * trades it with that person's duty on the other day.
   */
  @Post('move')
  @HttpCode(HttpStatus.OK)
  @Authenticated('rota.manage')
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: PAST_OR_NO_SLOT })
  @ApiConflictResponse({
    type: ErrorResponseDto,
    description:
      'Nobody is in that slot, the person (or the one to trade with) may not be on the other day, it is full, or the one to trade with is not on it.',
  })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'The person to trade with is not in this organisation.' })
  moveOnRota(@CurrentUser() user: AuthUser, @Body() dto: MoveOnRotaDto): Promise<RotaEditResultDto> {
    return this.edits.move(user, dto);
  }

  /**
   * Where the duty in a slot can be moved: the days the person may take with a free slot and, on
   * full days, who may trade with them; from today to the end of the duty's academic year.
   */
  @Get('move-options')
  @Authenticated('rota.manage')
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: PAST_OR_NO_SLOT })
  getMoveOptions(@Query() query: MoveOptionsQueryDto): Promise<MoveOptionsDto> {
    return this.edits.moveOptions(query.date, query.position);
  }
}
