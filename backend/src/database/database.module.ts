import { Global, Module } from '@nestjs/common';
import { UnitOfWork } from './unit-of-work';

/** The unit of work every service starts its transactions with (unit-of-work.ts). */
@Global()
@Module({ providers: [UnitOfWork], exports: [UnitOfWork] })
export class DatabaseModule {}
