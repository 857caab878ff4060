import { Module } from '@nestjs/common';
import { AvailabilityRepository } from './availability.repository';

/** Who is away when (docs/product.md#unavailability): the owner of the unavailability periods. */
@Module({
  providers: [AvailabilityRepository],
  exports: [AvailabilityRepository],
})
export class AvailabilityModule {}
