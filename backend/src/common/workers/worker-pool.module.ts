import { Global, Module } from '@nestjs/common';
import { WorkerPool } from './worker-pool';

@Global()
@Module({ providers: [WorkerPool], exports: [WorkerPool] })
export class WorkerPoolModule {}
