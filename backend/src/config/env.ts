import 'reflect-metadata';
import * as path from 'node:path';
import { plainToInstance, Transform } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  Max,
  Min,
  MinLength,
  ValidateIf,
  validateSync,
  ValidationError,
} from 'class-validator';
import { ConfigService } from '@nestjs/config';
import { isValidTimeZone } from '../common/clock/time-zone';
import { type DatabaseTimeouts, DEFAULT_DATABASE_TIMEOUTS } from '../database/statement-timeouts';

/** SMTP_URL's value for "no mail server, on purpose": emails are recorded as simulated. */
export const MAIL_OFF = 'off';

/** The repository root: backend/src/config (or backend/dist/config) → ../../.. */
export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');

/**
 * A DNS host name: dot-separated labels of letters, digits and inner hyphens, the last one not
 * all digits (an IP address has no subdomains).
 */
const BASE_DOMAIN = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*(?=[a-z0-9-]*[a-z])[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

const toInt = ({ value }: { value: unknown }) =>
  typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value;
const toBool = ({ value }: { value: unknown }) => {
  if (typeof value !== 'string') return value;
  const v = value.trim().toLowerCase();
  if (['true', '1', 'yes'].includes(v)) return true;
  if (['false', '0', 'no', ''].includes(v)) return false;
  return value;
};

/**
 * Every variable the app reads. Each one is documented in `.env.example`; a missing or
 * malformed one stops start-up with a line that names it.
 */
export class Env {
  @IsIn(['development', 'production', 'test'])
  NODE_ENV: 'development' | 'production' | 'test' = 'development';

  @Transform(toInt)
  @IsInt({ message: 'PORT must be a whole number between 1 and 65535' })
  @Min(1, { message: 'PORT must be a whole number between 1 and 65535' })
  @Max(65535, { message: 'PORT must be a whole number between 1 and 65535' })
  PORT = 3000;

  @IsString()
  HOST = '0.0.0.0';

  @IsOptional()
  @IsUrl(
    { protocols: ['postgres', 'postgresql'], require_tld: false, require_protocol: true },
    { message: 'DATABASE_URL must be a postgres:// or postgresql:// URL' },
  )
  DATABASE_URL?: string;

  @IsString()
  EMBEDDED_PG_DIR = path.join(REPO_ROOT, '.data', 'postgres');

  @Transform(toInt)
  @IsInt({ message: 'EMBEDDED_PG_PORT must be a whole number between 1024 and 65535' })
  @Min(1024, { message: 'EMBEDDED_PG_PORT must be a whole number between 1024 and 65535' })
  @Max(65535, { message: 'EMBEDDED_PG_PORT must be a whole number between 1024 and 65535' })
  EMBEDDED_PG_PORT = 54329;

  @IsOptional()
  @Matches(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?)?$/, {
    message:
      'APP_NOW must be a date or date-time such as 2025-09-08 or 2025-09-08T09:00 (optionally with Z or an offset)',
  })
  APP_NOW?: string;

  @IsString()
  APP_TIMEZONE = 'Europe/London';

  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL = 'info';

  @IsString()
  STATIC_DIR = path.join(REPO_ROOT, 'frontend', 'dist');

  @Transform(toBool)
  @IsBoolean({ message: 'SERVE_STATIC must be true or false' })
  SERVE_STATIC = true;

  /** Signs session tokens. Required in production; elsewhere one is made and kept in .data/. */
  @ValidateIf((env: Env) => env.NODE_ENV === 'production' || env.JWT_SECRET !== undefined)
  @IsString({ message: 'JWT_SECRET is required in production (at least 32 random characters)' })
  @MinLength(32, { message: 'JWT_SECRET must be at least 32 characters' })
  JWT_SECRET?: string;

  @Matches(/^\d+[smhd]$/, { message: 'JWT_EXPIRES_IN must be a duration such as 12h or 7d' })
  JWT_EXPIRES_IN = '7d';

  /** The address people reach the app at; links in emails point here. */
  @IsOptional()
  @IsUrl({ protocols: ['http', 'https'], require_tld: false, require_protocol: true }, { message: 'APP_URL must be an http(s) URL such as https://dutymanager.example.com' })
  APP_URL?: string;

  /**
   * Turns on organisation subdomains: `<subdomain>.<APP_BASE_DOMAIN>` is that organisation's
   * address, the bare domain (and `www.`) the product's. A host name such as `dutymanager.app`,
   * or `localhost` on a laptop; no scheme, port or path. Unset: a single-host install.
   */
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase().replace(/\.$/, '') : value))
  @Matches(BASE_DOMAIN, {
    message: 'APP_BASE_DOMAIN must be a host name such as dutymanager.app or localhost, without scheme, port or path',
  })
  APP_BASE_DOMAIN?: string;

  /**
   * smtp:// or smtps:// URL of the mail server, or `off`: emails are then recorded as simulated and
   * nobody receives them. Production needs one of the two, said on purpose (docs/product.md#email);
   * elsewhere, unset starts the local mail catcher (database/mail-catcher.ts), and tests leave it
   * unset to run without mail.
   */
  @ValidateIf((env: Env) => env.SMTP_URL !== MAIL_OFF && (env.NODE_ENV === 'production' || env.SMTP_URL !== undefined))
  @IsUrl(
    { protocols: ['smtp', 'smtps'], require_tld: false, require_protocol: true },
    {
      message: (args) =>
        args.value === undefined
          ? 'SMTP_URL is required in production: the smtp:// or smtps:// URL of your mail server, or off to run without email'
          : 'SMTP_URL must be an smtp:// or smtps:// URL, or off',
    },
  )
  SMTP_URL?: string;

  /**
   * The web inbox's port of the local mail catcher (only when it runs: SMTP_URL unset outside
   * production and tests). Unset: 1080 when free, else any free port; the start-up output says which.
   */
  @IsOptional()
  @Transform(toInt)
  @IsInt({ message: 'MAIL_CATCHER_PORT must be a whole number between 1024 and 65535' })
  @Min(1024, { message: 'MAIL_CATCHER_PORT must be a whole number between 1024 and 65535' })
  @Max(65535, { message: 'MAIL_CATCHER_PORT must be a whole number between 1024 and 65535' })
  MAIL_CATCHER_PORT?: number;

  /** Where the local mail catcher keeps the emails it caught, so they survive a restart. */
  @IsString()
  MAIL_CATCHER_DIR = path.join(REPO_ROOT, '.data', 'mail');

  /**
   * When the reminder service looks for due reminders: a cron expression (seconds first
   * allowed), or `off` for an instance that should not run it. Every minute by default.
   */
  @Matches(/^(off|(\S+\s+){4,5}\S+)$/, { message: 'REMINDER_CRON must be a cron expression such as "0 * * * * *" or off' })
  REMINDER_CRON = '0 * * * * *';

  @IsString()
  MAIL_FROM = 'Duty Manager <no-reply@dutymanager.app>';

  /**
   * Fastify's `trustProxy` (the values of Express's `trust proxy`): which proxies' X-Forwarded-For to believe for the client address
   * (sign-in throttling). `false` (direct), `true`, a hop count, or addresses/subnets.
   */
  @Transform(({ value }: { value: unknown }) => {
    if (typeof value !== 'string') return value;
    if (/^(true|false)$/i.test(value)) return value.toLowerCase() === 'true';
    return /^\d+$/.test(value) ? Number(value) : value;
  })
  TRUST_PROXY: boolean | number | string = false;

  /**
   * Other origins whose pages may call the API from a browser (CORS), comma-separated, e.g.
   * `https://intranet.example.sch.uk`. Unset: none may (the SPA is served from the API's own origin).
   */
  @IsOptional()
  @IsString()
  CORS_ORIGINS?: string;

  /**
   * Google's OpenID Connect issuer. Only for tests (an in-process provider) and the like: the
   * app discovers Google's endpoints and keys from it.
   */
  @IsUrl({ protocols: ['http', 'https'], require_tld: false, require_protocol: true }, { message: 'OIDC_GOOGLE_ISSUER must be an http(s) URL such as https://accounts.google.com' })
  OIDC_GOOGLE_ISSUER = 'https://accounts.google.com';

  /**
   * Where Microsoft Entra ID signs people in: its authority host, under which each tenant's
   * issuer is `<authority>/<tenant id>/v2.0`. Another value for a national cloud (e.g.
   * https://login.microsoftonline.us) or for tests.
   */
  @IsUrl({ protocols: ['http', 'https'], require_tld: false, require_protocol: true }, { message: 'OIDC_MICROSOFT_AUTHORITY must be an http(s) URL such as https://login.microsoftonline.com' })
  OIDC_MICROSOFT_AUTHORITY = 'https://login.microsoftonline.com';

  /**
   * Longest a request waits for a pooled database connection, or for a new one to open, before it
   * answers 503 (docs/operations.md#when-the-database-stalls).
   */
  @Transform(toInt)
  @IsInt({ message: 'DB_POOL_ACQUIRE_TIMEOUT_MS must be a whole number of milliseconds between 100 and 600000' })
  @Min(100, { message: 'DB_POOL_ACQUIRE_TIMEOUT_MS must be a whole number of milliseconds between 100 and 600000' })
  @Max(600_000, { message: 'DB_POOL_ACQUIRE_TIMEOUT_MS must be a whole number of milliseconds between 100 and 600000' })
  DB_POOL_ACQUIRE_TIMEOUT_MS = DEFAULT_DATABASE_TIMEOUTS.acquireMs;

  /**
   * Longest one statement of a request may run: the server cancels it then, and the app stops
   * waiting then even when the server can't answer; the request answers 503.
   */
  @Transform(toInt)
  @IsInt({ message: 'DB_STATEMENT_TIMEOUT_MS must be a whole number of milliseconds between 100 and 3600000' })
  @Min(100, { message: 'DB_STATEMENT_TIMEOUT_MS must be a whole number of milliseconds between 100 and 3600000' })
  @Max(3_600_000, { message: 'DB_STATEMENT_TIMEOUT_MS must be a whole number of milliseconds between 100 and 3600000' })
  DB_STATEMENT_TIMEOUT_MS = DEFAULT_DATABASE_TIMEOUTS.statementMs;

  /** The same for one statement of the bulk tools and staff imports. Migrations have no limit. */
  @Transform(toInt)
  @IsInt({ message: 'DB_LONG_STATEMENT_TIMEOUT_MS must be a whole number of milliseconds between 100 and 3600000' })
  @Min(100, { message: 'DB_LONG_STATEMENT_TIMEOUT_MS must be a whole number of milliseconds between 100 and 3600000' })
  @Max(3_600_000, { message: 'DB_LONG_STATEMENT_TIMEOUT_MS must be a whole number of milliseconds between 100 and 3600000' })
  DB_LONG_STATEMENT_TIMEOUT_MS = DEFAULT_DATABASE_TIMEOUTS.longStatementMs;

  /**
   * Worker threads for CPU-heavy work (spreadsheets, the fairness table, import parsing, the
   * engine's bulk runs), started as needed. Unset: one fewer than the CPUs, at least one.
   */
  @IsOptional()
  @Transform(toInt)
  @IsInt({ message: 'WORKER_THREADS must be a whole number between 1 and 64' })
  @Min(1, { message: 'WORKER_THREADS must be a whole number between 1 and 64' })
  @Max(64, { message: 'WORKER_THREADS must be a whole number between 1 and 64' })
  WORKER_THREADS?: number;
}

export const ENV_KEYS: readonly (keyof Env)[] = [
  'NODE_ENV',
  'PORT',
  'HOST',
  'DATABASE_URL',
  'EMBEDDED_PG_DIR',
  'EMBEDDED_PG_PORT',
  'APP_NOW',
  'APP_TIMEZONE',
  'LOG_LEVEL',
  'STATIC_DIR',
  'SERVE_STATIC',
  'JWT_SECRET',
  'JWT_EXPIRES_IN',
  'APP_URL',
  'APP_BASE_DOMAIN',
  'SMTP_URL',
  'MAIL_CATCHER_PORT',
  'MAIL_CATCHER_DIR',
  'MAIL_FROM',
  'REMINDER_CRON',
  'TRUST_PROXY',
  'CORS_ORIGINS',
  'OIDC_GOOGLE_ISSUER',
  'OIDC_MICROSOFT_AUTHORITY',
  'DB_POOL_ACQUIRE_TIMEOUT_MS',
  'DB_STATEMENT_TIMEOUT_MS',
  'DB_LONG_STATEMENT_TIMEOUT_MS',
  'WORKER_THREADS',
];

/** The database time limits the environment sets (statement-timeouts.ts). */
export function databaseTimeouts(env: Pick<Env, 'DB_POOL_ACQUIRE_TIMEOUT_MS' | 'DB_STATEMENT_TIMEOUT_MS' | 'DB_LONG_STATEMENT_TIMEOUT_MS'>): DatabaseTimeouts {
  return { acquireMs: env.DB_POOL_ACQUIRE_TIMEOUT_MS, statementMs: env.DB_STATEMENT_TIMEOUT_MS, longStatementMs: env.DB_LONG_STATEMENT_TIMEOUT_MS };
}

/** The origins CORS_ORIGINS lists (trimmed, lower-case, without a trailing slash); empty when unset. */
export function corsOrigins(env: Pick<Env, 'CORS_ORIGINS'>): string[] {
  return (env.CORS_ORIGINS ?? '')
    .split(',')
    .map((entry) => entry.trim().replace(/\/+$/, '').toLowerCase())
    .filter((entry) => entry !== '');
}

/** Each CORS_ORIGINS entry must be exactly an http(s) origin: scheme, host, optional port. */
function invalidCorsOrigins(env: Pick<Env, 'CORS_ORIGINS'>): string[] {
  return corsOrigins(env).filter((entry) => {
    try {
      const url = new URL(entry);
      return !['http:', 'https:'].includes(url.protocol) || url.origin !== entry;
    } catch {
      return true;
    }
  });
}

/** The mail server emails go to, or undefined when they are only recorded (SMTP_URL unset or off). */
export function smtpServer(env: Pick<Env, 'SMTP_URL'> | ConfigService<Env, true>): string | undefined {
  const url = env instanceof ConfigService ? env.get('SMTP_URL', { infer: true }) : env.SMTP_URL;
  return url && url !== MAIL_OFF ? url : undefined;
}

/**
 * Whether `npm start` should run the local mail catcher: no SMTP_URL at all (not even `off`) on a
 * laptop. Production has to name its mail server; tests run without mail or with their own sink.
 */
export function wantsMailCatcher(env: Pick<Env, 'NODE_ENV' | 'SMTP_URL'>): boolean {
  return env.NODE_ENV === 'development' && env.SMTP_URL === undefined;
}

/** Where links in emails point: APP_URL, or this machine at PORT. */
export function appUrl(env: Pick<Env, 'PORT' | 'APP_URL'>): string {
  return (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
}

/** What organizationUrl needs: the environment, or the app's ConfigService. */
export type UrlSettings = Pick<Env, 'PORT' | 'APP_URL' | 'APP_BASE_DOMAIN'> | ConfigService<Env, true>;

function urlSettings(source: UrlSettings): Pick<Env, 'PORT' | 'APP_URL' | 'APP_BASE_DOMAIN'> {
  if (source instanceof ConfigService) {
    return {
      PORT: source.get('PORT', { infer: true }),
      APP_URL: source.get('APP_URL', { infer: true }),
      APP_BASE_DOMAIN: source.get('APP_BASE_DOMAIN', { infer: true }),
    };
  }
  return source;
}

/**
 * The address of one organisation, which every link in its emails starts with: with
 * APP_BASE_DOMAIN set, `<subdomain>.<APP_BASE_DOMAIN>` with APP_URL's scheme and port (and path);
 * without it, appUrl() — a single-host install has one address for everyone.
 */
export function organizationUrl(source: UrlSettings, subdomain: string): string {
  const env = urlSettings(source);
  const base = appUrl(env);
  if (!env.APP_BASE_DOMAIN) return base;
  const url = new URL(base);
  url.hostname = `${subdomain}.${env.APP_BASE_DOMAIN}`;
  return url.toString().replace(/\/+$/, '');
}

function describe(errors: ValidationError[]): string[] {
  return errors.flatMap((e) => {
    const messages = Object.values(e.constraints ?? {});
    const got = e.value === undefined ? 'it is missing' : `got ${JSON.stringify(e.value)}`;
    return messages.length ? [`${messages[0]} (${got})`] : describe(e.children ?? []);
  });
}

/** Thrown when the environment is unusable; its message is one line naming the variable. */
export class ConfigurationError extends Error {
  override name = 'ConfigurationError';
}

export function validateEnv(raw: Record<string, unknown>): Env {
  // Empty strings mean "not set" so that `FOO=` in a .env file falls back to the default.
  const present = Object.fromEntries(
    Object.entries(raw).filter(([, v]) => v !== undefined && v !== ''),
  );
  const env = plainToInstance(Env, present, { excludeExtraneousValues: false });
  const errors = validateSync(env, { whitelist: false, forbidUnknownValues: false });
  const lines = describe(errors);
  if (env.APP_TIMEZONE && !isValidTimeZone(env.APP_TIMEZONE)) {
    lines.push(
      `APP_TIMEZONE must be an IANA time zone such as Europe/London (got ${JSON.stringify(env.APP_TIMEZONE)})`,
    );
  }
  const badOrigins = typeof env.CORS_ORIGINS === 'string' ? invalidCorsOrigins(env) : [];
  if (badOrigins.length) {
    lines.push(
      `CORS_ORIGINS must be a comma-separated list of http(s) origins (scheme, host and optional port, no path), such as https://intranet.example.sch.uk,http://localhost:5173 (not an origin: ${badOrigins.map((o) => JSON.stringify(o)).join(', ')})`,
    );
  }
  if (lines.length) throw new ConfigurationError(`Invalid configuration: ${lines.join('; ')}`);
  // plainToInstance copied every variable of the process; keep only ours.
  const known = new Env();
  for (const key of ENV_KEYS) {
    (known as unknown as Record<string, unknown>)[key] = env[key];
  }
  return known;
}
