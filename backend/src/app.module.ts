import { DynamicModule, Module, ModuleMetadata, RequestMethod } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { LoggerModule } from 'nestjs-pino';
import { DatabaseModule } from './database/database.module';
import { ClockModule } from './common/clock/clock.module';
import { databaseTimeouts, Env } from './config/env';
import { buildModuleOrmConfig } from './config/mikro-orm.config';
import { ScheduleModule } from '@nestjs/schedule';
import { JwtSecret } from './common/auth/jwt-secret.token';
import { REDACT_PATHS, REDACTED, redactUrl } from './common/http/log-redaction';
import { RateLimitModule } from './common/rate-limit/rate-limit.module';
import { WorkerPoolModule } from './common/workers/worker-pool.module';
import { AuditModule } from './modules/audit/audit.module';
import { FactChangesModule } from './modules/fact-changes/fact-changes.module';
import { NotificationsModule } from './modules/notifications/notifications.module';
import { AuthModule } from './modules/auth/auth.module';
import { DutiesModule } from './modules/duties/duties.module';
import { HolidaysModule } from './modules/holidays/holidays.module';
import { RequestsModule } from './modules/requests/requests.module';
import { RotaModule } from './modules/rota/rota.module';
import { SettingsModule } from './modules/settings/settings.module';
import { StaffModule } from './modules/staff/staff.module';
import { HealthModule } from './modules/health/health.module';
import { MemoryModule } from './common/memory/idle-memory-release';
import { CalendarModule } from './modules/calendar/calendar.module';
import { MailModule } from './modules/mail/mail.module';
import { RemindersModule } from './modules/reminders/reminders.module';
import { SetupModule } from './modules/setup/setup.module';
import { DataRightsModule } from './modules/data-rights/data-rights.module';
import { SsoModule } from './modules/sso/sso.module';
import { TenantsModule } from './modules/tenants/tenants.module';
import { TenancyModule } from './tenancy/tenancy.module';

export interface AppModuleOptions {
  env: Env;
  databaseUrl: string;
  /** Signs session tokens (see config/jwt-secret.ts). */
  jwtSecret: string;
  /** Extra modules; the integration tests use it for test-only controllers. */
  imports?: ModuleMetadata['imports'];
}

@Module({})
class SecretsModule {}

function secretsModule(jwtSecret: string): DynamicModule {
  return {
    module: SecretsModule,
    global: true,
    providers: [{ provide: JwtSecret, useValue: new JwtSecret(jwtSecret) }],
    exports: [JwtSecret],
  };
}

@Module({})
export class AppModule {
  static register({ env, databaseUrl, jwtSecret, imports = [] }: AppModuleOptions): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot({ isGlobal: true, ignoreEnvFile: true, cache: true, load: [() => ({ ...env })] }),
        LoggerModule.forRoot({
          // nestjs-pino's default route '*' is the pre-Nest-11 wildcard syntax. At LOG_LEVEL=silent
          // no request is logged, so no per-request logger is built either: pino-http would still
          // serialise and redact every request into a child logger that writes nothing (about 3 %
          // of the app's CPU in bench/api's profile).
          forRoutes: env.LOG_LEVEL === 'silent' ? [] : [{ path: '{*path}', method: RequestMethod.ALL }],
          pinoHttp: {
            level: env.LOG_LEVEL,
            // One short line per request; headers stay out of the logs (tokens, cookies, noise), and
            // the URL's secrets (feed tokens, download tickets, link tokens) are redacted.
            serializers: {
              req: (req: { id: unknown; method: string; url: string; remoteAddress?: string }) => ({
                id: req.id,
                method: req.method,
                url: redactUrl(req.url),
                remoteAddress: req.remoteAddress,
              }),
              res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
            },
            redact: { paths: REDACT_PATHS, censor: REDACTED },
            autoLogging: { ignore: (req) => req.url === '/api/health' },
            customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info'),
          },
        }),
        MikroOrmModule.forRoot(buildModuleOrmConfig({ clientUrl: databaseUrl, timeouts: databaseTimeouts(env) })),
        DatabaseModule,
        TenancyModule,
        ScheduleModule.forRoot(),
        ClockModule,
        secretsModule(jwtSecret),
        RateLimitModule,
        WorkerPoolModule,
        FactChangesModule,
        MailModule,
        HealthModule,
        MemoryModule,
        TenantsModule,
        AuditModule,
        AuthModule,
        NotificationsModule,
        StaffModule,
        SsoModule,
        HolidaysModule,
        SettingsModule,
        DutiesModule,
        RemindersModule,
        RotaModule,
        RequestsModule,
        CalendarModule,
        SetupModule,
        DataRightsModule,
        ...imports,
      ],
    };
  }
}
