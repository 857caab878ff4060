import { Global, Module } from '@nestjs/common';
import { FairUseGate } from './fair-use';
import { RateLimitBucketsRepository } from './rate-limit-buckets.repository';
import { RateLimitService } from './rate-limit.service';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { RateLimitBucket } from './entities/rate-limit-bucket.entity';

@Global()
@Module({ imports: [MikroOrmModule.forFeature([RateLimitBucket])], providers: [RateLimitService, RateLimitBucketsRepository, FairUseGate], exports: [RateLimitService, FairUseGate] })
export class RateLimitModule {}
