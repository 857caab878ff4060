import { RequestErasureService } from './request-erasure.service';
import { Module, type OnModuleInit } from '@nestjs/common';
import { DutiesModule } from '../duties/duties.module';
import { AuthModule } from '../auth/auth.module';
import { FactChangesService } from '../fact-changes/fact-changes.service';
import { AvailabilityModule } from '../availability/availability.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { RotaModule } from '../rota/rota.module';
import { SettingsModule } from '../settings/settings.module';
import { StaffModule } from '../staff/staff.module';
import { TenantsModule } from '../tenants/tenants.module';
import { AnswerSwapRequestService } from './answer-swap-request.service';
import { AutoApprovalService } from './auto-approval.service';
import { CancelRequestsRepository } from './cancel-requests.repository';
import { CancelRequestsService } from './cancel-requests.service';
import { CreateSwapRequestService } from './create-swap-request.service';
import { DecideSwapRequestService } from './decide-swap-request.service';
import { ExpireSwapRequestsService } from './expire-swap-requests.service';
import { RecurringUnavailabilityService } from './recurring-unavailability.service';
import { RequestMessenger } from './request-messenger';
import { AutoApprovalController, RequestsController, UnavailabilityController } from './requests.controller';
import { RotaEditsController } from './rota-edits.controller';
import { RotaEditsService } from './rota-edits.service';
import { RotaIntegrityService } from './rota-integrity.service';
import { SwapOptionsService } from './swap-options.service';
import { SwapRequestViewsService } from './swap-request-views.service';
import { SwapRequestsRepository } from './swap-requests.repository';
import { SwapRulesService } from './swap-rules.service';
import { UnavailabilityService } from './unavailability.service';
import { WithdrawSwapRequestService } from './withdraw-swap-request.service';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { RequestHistoryService } from './request-history.service';
import { SwapRequest } from './entities/swap-request.entity';
import { CancelRequest } from './entities/cancel-request.entity';
import { RequestsTablesRepository } from './requests-tables.repository';
import { RequestsTablesService } from './requests-tables.service';

/**
 * Swap and cancel requests, unavailability periods and weekly commitments, the auto-approval
 * settings, and the changes that take people off duties with a record of why: editing the rota
 * directly and keeping it true after a change of facts.
 */
@Module({
  imports: [
    MikroOrmModule.forFeature([SwapRequest, CancelRequest]),
    AuthModule,
    DutiesModule,
    NotificationsModule,
    AvailabilityModule,
    RotaModule,
    SettingsModule,
    StaffModule,
    TenantsModule,
  ],
  controllers: [RequestsController, UnavailabilityController, AutoApprovalController, RotaEditsController],
  providers: [
    RequestsTablesRepository,
    RequestsTablesService,
    SwapRequestViewsService,
    CreateSwapRequestService,
    SwapOptionsService,
    AnswerSwapRequestService,
    WithdrawSwapRequestService,
    DecideSwapRequestService,
    ExpireSwapRequestsService,
    SwapRulesService,
    CancelRequestsService,
    UnavailabilityService,
    RecurringUnavailabilityService,
    AutoApprovalService,
    RotaEditsService,
    RotaIntegrityService,
    RequestMessenger,
    SwapRequestsRepository,
    CancelRequestsRepository,
    RequestHistoryService,
    RequestErasureService,
  ],
  exports: [RequestHistoryService, RequestErasureService, RequestsTablesService],
})
export class RequestsModule implements OnModuleInit {
  constructor(
    private readonly factChanges: FactChangesService,
    private readonly rotaIntegrity: RotaIntegrityService,
  ) {}

  /** The modules that own the rota's facts (staff, holidays, settings…) change them through FactChangesService; this repairs the rota. */
  onModuleInit(): void {
    this.factChanges.bindRotaRepair(this.rotaIntegrity);
  }
}
