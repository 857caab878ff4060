import { Body, Controller, Delete, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNoContentResponse, ApiNotFoundResponse, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../common/auth/auth-user';
import { Authenticated, CurrentUser } from '../../common/auth/authenticated.decorator';
import { ErrorResponseDto } from '../../common/http/error-body';
import { idParam } from '../../common/http/id-param';
import { UnpinResultDto } from './dto/unpin-result.dto';
import { UnpinRotaDto } from './dto/unpin-rota.dto';
import { RotaPinsService } from './rota-pins.service';

/** Unpinning pinned duties (docs/product.md#pinned-duties): admins and managers. */
@ApiTags('rota')
@Controller('rota')
export class RotaPinsController {
  constructor(private readonly pins: RotaPinsService) {}

  /**
   * Unpins one slot (its `slotId` on the rota's reads): bulk tools and repairs may then move it.
   * Nobody moves and nobody is told. A slot that isn't pinned stays as it is.
   */
  @Delete('slots/:id/pin')
  @HttpCode(HttpStatus.NO_CONTENT)
  @Authenticated('rota.manage')
  @ApiNoContentResponse({ description: 'The slot is not pinned.' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No such slot in this organisation.' })
  unpinSlot(@CurrentUser() user: AuthUser, @Param('id', idParam('Rota slot')) id: string): Promise<void> {
    return this.pins.unpinSlot(user, id);
  }

  /** Unpins every pinned duty from `from` to `to` (at most two years), of every duty or of `dutyId`'s. Nobody moves and nobody is told. */
  @Post('unpin')
  @HttpCode(HttpStatus.OK)
  @Authenticated('rota.manage')
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'A bad date, `to` before `from`, or more than two years.' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'The duty is not in this organisation.' })
  unpinAll(@CurrentUser() user: AuthUser, @Body() dto: UnpinRotaDto): Promise<UnpinResultDto> {
    return this.pins.unpinBetween(user, dto.from, dto.to, dto.dutyId);
  }
}
