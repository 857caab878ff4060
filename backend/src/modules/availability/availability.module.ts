import { Module } from '@nestjs/common';
import { AvailabilityRepository } from './availability.repository';
import { AvailabilityService } from './availability.service';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { StaffUnavailability } from './entities/staff-unavailability.entity';
import { RecurringUnavailability } from './entities/recurring-unavailability.entity';
import { AvailabilityTablesRepository } from './availability-tables.repository';
import { AvailabilityTablesService } from './availability-tables.service';

/** Who is away when (docs/product.md#unavailability): the owner of the unavailability periods. */
@Module({
  imports: [MikroOrmModule.forFeature([StaffUnavailability, RecurringUnavailability])],
  providers: [AvailabilityTablesRepository, AvailabilityTablesService, AvailabilityRepository, AvailabilityService],
  exports: [AvailabilityTablesService, AvailabilityService],
})
export class AvailabilityModule {}
