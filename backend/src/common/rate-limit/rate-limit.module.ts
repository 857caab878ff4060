import { Global, Module } from '@nestjs/common';
import { FairUseGate } from './fair-use';
import { RateLimitService } from './rate-limit.service';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { RateLimitBucket } from './entities/rate-limit-bucket.entity';

@Global()
@Module({ imports: [MikroOrmModule.forFeature([RateLimitBucket])], providers: [RateLimitService, FairUseGate], exports: [RateLimitService, FairUseGate] })
export class RateLimitModule {}
