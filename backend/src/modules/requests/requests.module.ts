import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { AvailabilityModule } from '../availability/availability.module';
import { RotaModule } from '../rota/rota.module';
import { SettingsModule } from '../settings/settings.module';
import { AutoApprovalService } from './auto-approval.service';
import { CancelRequestsService } from './cancel-requests.service';
import { AutoApprovalController, RequestsController, UnavailabilityController } from './requests.controller';
import { SwapRequestsService } from './swap-requests.service';
import { UnavailabilityService } from './unavailability.service';

/** Swap and cancel requests, unavailability periods and the auto-approval settings. */
@Module({
  imports: [AuthModule, AvailabilityModule, RotaModule, SettingsModule],
  controllers: [RequestsController, UnavailabilityController, AutoApprovalController],
  providers: [SwapRequestsService, CancelRequestsService, UnavailabilityService, AutoApprovalService],
})
export class RequestsModule {}
