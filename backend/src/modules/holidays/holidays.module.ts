import { Module } from '@nestjs/common';
import { TenantsModule } from '../tenants/tenants.module';
import { HolidaysController } from './holidays.controller';
import { HolidaysService } from './holidays.service';

/** Holidays and term dates: the days the school is closed, and why. */
@Module({ imports: [TenantsModule], controllers: [HolidaysController], providers: [HolidaysService], exports: [HolidaysService] })
export class HolidaysModule {}
