import { BadRequestException, Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Patch, Post, Put, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import type { AuthUser } from '../../common/auth/auth-user';
import { Authenticated, CurrentUser, RequiresReauthentication } from '../../common/auth/authenticated.decorator';
import { ErrorResponseDto } from '../../common/http/error-body';
import { idParam } from '../../common/http/id-param';
import { AutoApprovalService } from './auto-approval.service';
import { CancelRequestsService } from './cancel-requests.service';
import { AutoApprovalSettingsDto } from './dto/auto-approval-settings.dto';
import { CancelRequestResultDto } from './dto/cancel-request-result.dto';
import { CancelRequestDto } from './dto/cancel-request.dto';
import { CreateCancelRequestDto } from './dto/create-cancel-request.dto';
import { CreateRecurringUnavailabilityDto } from './dto/create-recurring-unavailability.dto';
import { CreateSwapRequestDto } from './dto/create-swap-request.dto';
import { CreateUnavailabilityDto } from './dto/create-unavailability.dto';
import { DecideRequestDto } from './dto/decide-request.dto';
import { RecurringUnavailabilityResultDto } from './dto/recurring-unavailability-result.dto';
import { RecurringUnavailabilityDto } from './dto/recurring-unavailability.dto';
import { SaveAutoApprovalSettingsDto } from './dto/save-auto-approval-settings.dto';
import { SwapOptionsQueryDto } from './dto/swap-options-query.dto';
import { SwapOptionsDto } from './dto/swap-options.dto';
import { SwapRequestResultDto } from './dto/swap-request-result.dto';
import { SwapRequestDto } from './dto/swap-request.dto';
import { UnavailabilityResultDto } from './dto/unavailability-result.dto';
import { UnavailabilityDto } from './dto/unavailability.dto';
import { UpdateUnavailabilityDto } from './dto/update-unavailability.dto';
import { AnswerSwapRequestService } from './answer-swap-request.service';
import { CreateSwapRequestService } from './create-swap-request.service';
import { DecideSwapRequestService } from './decide-swap-request.service';
import { RecurringUnavailabilityService } from './recurring-unavailability.service';
import { SwapOptionsService } from './swap-options.service';
import { SwapRequestViewsService } from './swap-request-views.service';
import { WithdrawSwapRequestService } from './withdraw-swap-request.service';
import { UnavailabilityService } from './unavailability.service';

const ALREADY_DECIDED = 'The request was already approved or rejected (`code: already_decided`), or approving it breaks a rule now.';

@ApiTags('requests')
@Controller()
export class RequestsController {
  constructor(
    private readonly swapViews: SwapRequestViewsService,
    private readonly createSwap: CreateSwapRequestService,
    private readonly swapOptions: SwapOptionsService,
    private readonly answerSwap: AnswerSwapRequestService,
    private readonly withdrawSwap: WithdrawSwapRequestService,
    private readonly decideSwap: DecideSwapRequestService,
    private readonly cancels: CancelRequestsService,
  ) {}

  /** Swap requests: all of them for admins and managers, the caller's own (as requester or target) for staff. */
  @Get('swap-requests')
  @Authenticated('requests.create')
  getSwapRequests(@CurrentUser() user: AuthUser): Promise<SwapRequestDto[]> {
    return this.swapViews.list(user);
  }

  /**
   * Asks that the target takes the requester's duty on originalDate (a cover when swapDate is the
   * same day, otherwise a trade of the two duties). Staff ask for their own duties only. With
   * swap auto-approval on, the swap is made at once.
   */
  @Post('swap-requests')
  @Authenticated('requests.create')
  @ApiConflictResponse({
    type: ErrorResponseDto,
    description: 'A rule is broken: not on duty, already on that day, unavailable, inactive, or already pending.',
  })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'A staff member or the duty is not in this organisation.' })
  createSwapRequest(@CurrentUser() user: AuthUser, @Body() dto: CreateSwapRequestDto): Promise<SwapRequestResultDto> {
    return this.createSwap.create(user, dto);
  }

  /**
   * What the requester may pick in the swap form: their duties from today on and, for one of
   * them, the colleagues who can take it, each with their duties the requester could take in a
   * trade. With targetId and swapDate: the requester's duties that colleague could trade for theirs.
   */
  @Get('swap-requests/options')
  @Authenticated('requests.create')
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'The staff member or the duty is not in this organisation.' })
  getSwapOptions(@CurrentUser() user: AuthUser, @Query() query: SwapOptionsQueryDto): Promise<SwapOptionsDto> {
    if (query.targetId && query.swapDate) {
      if (query.originalDate) throw new BadRequestException('Ask either for an original date or for a trade (targetId and swapDate), not both');
      return this.swapOptions.tradeOptions(user, query.requesterId, { targetId: query.targetId, swapDate: query.swapDate, dutyId: query.dutyId });
    }
    return this.swapOptions.options(user, query.requesterId, query.originalDate, query.dutyId);
  }

  /**
   * The colleague accepts: the one asked by name, or anyone who can take an open request (the
   * first wins; later ones get 409 `already_taken`). Every rule is checked again; with swap
   * auto-approval on the swap is made at once, otherwise it waits for approval.
   */
  @Post('swap-requests/:id/accept')
  @HttpCode(HttpStatus.OK)
  @Authenticated('requests.create')
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'Already taken, answered, withdrawn or expired, or taking it breaks a rule now.' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No such swap request in this organisation.' })
  acceptSwapRequest(@CurrentUser() user: AuthUser, @Param('id', idParam('Swap request')) id: string): Promise<SwapRequestResultDto> {
    return this.answerSwap.accept(user, id);
  }

  /** The colleague asked by name declines; the duty stays the requester's. */
  @Post('swap-requests/:id/decline')
  @HttpCode(HttpStatus.OK)
  @Authenticated('requests.create')
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'Not waiting for an answer any more, or an open request.' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No such swap request in this organisation.' })
  declineSwapRequest(@CurrentUser() user: AuthUser, @Param('id', idParam('Swap request')) id: string): Promise<SwapRequestDto> {
    return this.answerSwap.decline(user, id);
  }

  /** The requester (or an approver) withdraws a request that is not decided yet. */
  @Post('swap-requests/:id/withdraw')
  @HttpCode(HttpStatus.OK)
  @Authenticated('requests.create')
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'Already decided, declined, withdrawn or expired (`code: already_decided`).' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No such swap request in this organisation.' })
  withdrawSwapRequest(@CurrentUser() user: AuthUser, @Param('id', idParam('Swap request')) id: string): Promise<SwapRequestDto> {
    return this.withdrawSwap.withdraw(user, id);
  }

  /**
   * Approves (every rule is checked again) or rejects a swap request the colleague accepted. One
   * still waiting for the colleague may be rejected by approvers, and approved by an admin (marked
   * as approved before the colleague answered).
   */
  @Put('swap-requests/:id')
  @Authenticated('requests.decide')
  @ApiConflictResponse({ type: ErrorResponseDto, description: ALREADY_DECIDED })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No such swap request in this organisation.' })
  decideSwapRequest(
    @CurrentUser() user: AuthUser,
    @Param('id', idParam('Swap request')) id: string,
    @Body() dto: DecideRequestDto,
  ): Promise<SwapRequestDto> {
    return this.decideSwap.decide(user, id, dto.status);
  }

  /** Cancel requests: all of them for admins and managers, the caller's own for staff. */
  @Get('cancel-requests')
  @Authenticated('requests.create')
  getCancelRequests(@CurrentUser() user: AuthUser): Promise<CancelRequestDto[]> {
    return this.cancels.list(user);
  }

  /**
   * Asks to be taken off a duty. With cancellation auto-approval on it is done at once and, with
   * auto-fill on, the least-loaded eligible person takes the slot.
   */
  @Post('cancel-requests')
  @Authenticated('requests.create')
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'Not on duty that day, or a request is already pending.' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'The staff member is not in this organisation.' })
  createCancelRequest(@CurrentUser() user: AuthUser, @Body() dto: CreateCancelRequestDto): Promise<CancelRequestResultDto> {
    return this.cancels.create(user, dto);
  }

  /** Approves or rejects a pending cancel request (admins only). */
  @Patch('cancel-requests/:id')
  @Authenticated('cancellations.decide')
  @ApiConflictResponse({ type: ErrorResponseDto, description: ALREADY_DECIDED })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No such cancel request in this organisation.' })
  decideCancelRequest(
    @CurrentUser() user: AuthUser,
    @Param('id', idParam('Cancel request')) id: string,
    @Body() dto: DecideRequestDto,
  ): Promise<CancelRequestResultDto> {
    return this.cancels.decide(user, id, dto.status);
  }
}

@ApiTags('unavailability')
@Controller('staff-unavailability')
export class UnavailabilityController {
  constructor(
    private readonly unavailability: UnavailabilityService,
    private readonly recurring: RecurringUnavailabilityService,
  ) {}

  /** A staff member's weekly commitments, earliest first: your own, or anyone's for admins and managers. */
  @Get(':staffId/recurring')
  @Authenticated('unavailability.own')
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No such staff member in this organisation.' })
  getRecurringUnavailability(
    @CurrentUser() user: AuthUser,
    @Param('staffId', idParam('Staff member')) staffId: string,
  ): Promise<RecurringUnavailabilityDto[]> {
    return this.recurring.list(user, staffId);
  }

  /**
   * Records a weekly commitment: weekdays on which the person can't be on duty between two dates,
   * every week or, with `everyOtherWeek`, in Week A or B only (the organisation's Week A must be
   * set). Their duties on those days from today on are cancelled and, with auto-fill on, given to
   * others; the answer says how many.
   */
  @Post('recurring')
  @Authenticated('unavailability.own')
  @ApiBadRequestResponse({
    type: ErrorResponseDto,
    description: 'Invalid fields, no such weekday in the dates, or every other week without the organisation’s Week A.',
  })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No such staff member in this organisation.' })
  createRecurringUnavailability(
    @CurrentUser() user: AuthUser,
    @Body() dto: CreateRecurringUnavailabilityDto,
  ): Promise<RecurringUnavailabilityResultDto> {
    return this.recurring.create(user, dto);
  }

  /** Deletes a weekly commitment; duties cancelled because of it are not put back. */
  @Delete('recurring/:id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @Authenticated('unavailability.own')
  @ApiNoContentResponse({ description: 'Deleted.' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No such weekly commitment in this organisation.' })
  deleteRecurringUnavailability(@CurrentUser() user: AuthUser, @Param('id', idParam('Weekly commitment')) id: string): Promise<void> {
    return this.recurring.remove(user, id);
  }

  /** A staff member's unavailability periods, oldest first: your own, or anyone's for admins and managers. */
  @Get(':staffId')
  @Authenticated('unavailability.own')
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No such staff member in this organisation.' })
  getStaffUnavailability(@CurrentUser() user: AuthUser, @Param('staffId', idParam('Staff member')) staffId: string): Promise<UnavailabilityDto[]> {
    return this.unavailability.list(user, staffId);
  }

  /**
   * Records a period in which the person can't be on duty. Their duties in it from today on are
   * cancelled and, with auto-fill on, given to others; the answer says how many.
   */
  @Post()
  @Authenticated('unavailability.own')
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'It overlaps another period of the same person.' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No such staff member in this organisation.' })
  createUnavailability(@CurrentUser() user: AuthUser, @Body() dto: CreateUnavailabilityDto): Promise<UnavailabilityResultDto> {
    return this.unavailability.create(user, dto);
  }

  /**
   * Changes a period's dates, reason or type. Duties on days it newly covers, from today on, are
   * cancelled and refilled as when a period is added; days it no longer covers get none back.
   */
  @Put(':id')
  @Authenticated('unavailability.own')
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'It would overlap another period of the same person.' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No such period in this organisation.' })
  updateUnavailability(
    @CurrentUser() user: AuthUser,
    @Param('id', idParam('Unavailability period')) id: string,
    @Body() dto: UpdateUnavailabilityDto,
  ): Promise<UnavailabilityResultDto> {
    return this.unavailability.update(user, id, dto);
  }

  /** Deletes a period; duties cancelled because of it are not put back. */
  @Delete(':id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @Authenticated('unavailability.own')
  @ApiNoContentResponse({ description: 'Deleted.' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No such period in this organisation.' })
  deleteUnavailability(@CurrentUser() user: AuthUser, @Param('id', idParam('Unavailability period')) id: string): Promise<void> {
    return this.unavailability.remove(user, id);
  }
}

@ApiTags('settings')
@Controller('auto-approval-settings')
export class AutoApprovalController {
  constructor(private readonly autoApproval: AutoApprovalService) {}

  /** Whether new swaps and cancellations are approved at once, and freed slots refilled. Every member reads them (the duty dialog says what will happen). */
  @Get()
  @Authenticated('rota.view')
  getAutoApprovalSettings(): Promise<AutoApprovalSettingsDto> {
    return this.autoApproval.get();
  }

  /** Saves the switches given; needs the signed-in admin's own password (`code: admin_password_required` / `admin_password_incorrect`). */
  @Post()
  @HttpCode(HttpStatus.OK)
  @Authenticated('settings.manage')
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'No password given, or a value is not true/false.' })
  @ApiTooManyRequestsResponse({ type: ErrorResponseDto, description: 'Too many wrong passwords; try again later.' })
  @RequiresReauthentication()
  saveAutoApprovalSettings(@CurrentUser() user: AuthUser, @Body() dto: SaveAutoApprovalSettingsDto): Promise<AutoApprovalSettingsDto> {
    return this.autoApproval.save(user, dto);
  }
}
