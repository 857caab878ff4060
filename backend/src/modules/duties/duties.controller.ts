import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Put } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiNotFoundResponse, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../common/auth/auth-user';
import { Authenticated, CurrentUser } from '../../common/auth/authenticated.decorator';
import { ErrorResponseDto } from '../../common/http/error-body';
import { idParam } from '../../common/http/id-param';
import { CreateDutyDto } from './dto/create-duty.dto';
import { DeletedDutyDto } from './dto/deleted-duty.dto';
import { DutyDto } from './dto/duty.dto';
import { OrderDutiesDto } from './dto/order-duties.dto';
import { SavedDutyDto } from './dto/saved-duty.dto';
import { UpdateDutyDto } from './dto/update-duty.dto';
import { DutiesService } from './duties.service';

const NAME_TAKEN = 'Another duty has that name (names are compared without case).';
const NOT_FOUND = 'No such duty in this organisation (or it was deleted).';

/** The duties a school runs (docs/product.md#duties). */
@ApiTags('duties')
@Controller('duties')
export class DutiesController {
  constructor(private readonly duties: DutiesService) {}

  /** The duties the school runs, in its order: the Duty Manager duty, and every other it defines (deleted ones left out). */
  @Get()
  @Authenticated('rota.view')
  getDuties(): Promise<DutyDto[]> {
    return this.duties.list();
  }

  /** Defines a duty; it comes last in the school's order. */
  @Post()
  @Authenticated('duties.manage')
  @ApiConflictResponse({ type: ErrorResponseDto, description: NAME_TAKEN })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'A listed staff group or person is not of this organisation.' })
  createDuty(@CurrentUser() user: AuthUser, @Body() dto: CreateDutyDto): Promise<SavedDutyDto> {
    return this.duties.create(user, dto);
  }

  /** Puts the school's duties in a new order: every duty not deleted, each once. */
  @Post('order')
  @HttpCode(HttpStatus.OK)
  @Authenticated('duties.manage')
  orderDuties(@CurrentUser() user: AuthUser, @Body() dto: OrderDutiesDto): Promise<DutyDto[]> {
    return this.duties.order(user, dto);
  }

  /**
   * Changes a duty; planned assignments that now break a rule (fewer people, other weekdays or
   * times, other people allowed) go from today on. The Duty Manager duty takes only its place,
   * description, who may take it and its weight.
   */
  @Put(':id')
  @Authenticated('duties.manage')
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'Invalid fields, or a change the Duty Manager duty cannot take.' })
  @ApiConflictResponse({ type: ErrorResponseDto, description: NAME_TAKEN })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: `${NOT_FOUND} Or a listed staff group or person is not of this organisation.` })
  updateDuty(@CurrentUser() user: AuthUser, @Param('id', idParam('Duty')) id: string, @Body() dto: UpdateDutyDto): Promise<SavedDutyDto> {
    return this.duties.update(user, id, dto);
  }

  /** Stops planning the duty; its assignments from today on go. The Duty Manager duty can't be paused. */
  @Post(':id/pause')
  @HttpCode(HttpStatus.OK)
  @Authenticated('duties.manage')
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: "The Duty Manager duty can't be paused." })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: NOT_FOUND })
  pauseDuty(@CurrentUser() user: AuthUser, @Param('id', idParam('Duty')) id: string): Promise<SavedDutyDto> {
    return this.duties.pause(user, id);
  }

  /** Plans the duty again; nothing it lost comes back by itself. */
  @Post(':id/resume')
  @HttpCode(HttpStatus.OK)
  @Authenticated('duties.manage')
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: NOT_FOUND })
  resumeDuty(@CurrentUser() user: AuthUser, @Param('id', idParam('Duty')) id: string): Promise<SavedDutyDto> {
    return this.duties.resume(user, id);
  }

  /** Deletes the duty: its assignments from today on go, its past ones stay. The Duty Manager duty can't be deleted. */
  @Delete(':id')
  @Authenticated('duties.manage')
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: "The Duty Manager duty can't be deleted." })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: NOT_FOUND })
  deleteDuty(@CurrentUser() user: AuthUser, @Param('id', idParam('Duty')) id: string): Promise<DeletedDutyDto> {
    return this.duties.remove(user, id);
  }
}
