import { Global, Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Env } from '../../config/env';
import { Clock, FixedClock, parsePinnedNow, SystemClock } from './clock';

@Global()
@Module({
  providers: [
    {
      provide: Clock,
      inject: [ConfigService],
      useFactory: (config: ConfigService<Env, true>): Clock => {
        const pinned = config.get('APP_NOW', { infer: true });
        return pinned
          ? new FixedClock(parsePinnedNow(pinned, config.get('APP_TIMEZONE', { infer: true })))
          : new SystemClock();
      },
    },
  ],
  exports: [Clock],
})
export class ClockModule {}
