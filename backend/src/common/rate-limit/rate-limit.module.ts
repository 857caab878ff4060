import { Global, Module } from '@nestjs/common';
import { FairUseGate } from './fair-use';
import { RateLimitService } from './rate-limit.service';

@Global()
@Module({ providers: [RateLimitService, FairUseGate], exports: [RateLimitService, FairUseGate] })
export class RateLimitModule {}
