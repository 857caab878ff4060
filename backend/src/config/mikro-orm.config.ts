import * as path from 'node:path';
import type { EntityClass } from '@mikro-orm/core';
import { Migrator } from '@mikro-orm/migrations';
import { ReflectMetadataProvider } from '@mikro-orm/decorators/legacy';
import type { MikroOrmModuleSyncOptions } from '@mikro-orm/nestjs';
import { defineConfig } from '@mikro-orm/postgresql';
import type { Pool } from 'pg';
import { useArrayParsers } from '../database/array-parsers';
import { discoverEntities } from '../database/entity-discovery';
import { AppPostgreSqlDriver } from '../database/literal-quoting';
import { POOL_MAX_CONNECTIONS } from '../database/pool-size';
import { requestEntityManager } from '../database/request-entity-manager';
import { type DatabaseTimeouts, DEFAULT_DATABASE_TIMEOUTS, limitStatements, statementTimeoutOnReserve } from '../database/statement-timeouts';
import { scopeTenantFilter, tenantFilter } from '../tenancy/tenant.filter';
import { TenantStampSubscriber } from '../tenancy/tenant-stamp.subscriber';

export const MIGRATIONS_DIR = path.resolve(__dirname, '..', 'migrations');
/** Where new migrations are written: always the TypeScript sources, even from dist/. */
export const MIGRATIONS_SOURCE_DIR = path.resolve(__dirname, '..', '..', 'src', 'migrations');

export interface OrmOptions {
  clientUrl: string;
  debug?: boolean;
  /** DB_POOL_ACQUIRE_TIMEOUT_MS, DB_STATEMENT_TIMEOUT_MS, DB_LONG_STATEMENT_TIMEOUT_MS (config/env.ts). */
  timeouts?: DatabaseTimeouts;
}

/**
 * The ORM without Nest (the migration check and tool, tests that boot MikroORM alone): every
 * entity, found on disk (database/entity-discovery.ts).
 */
export function buildOrmConfig(options: OrmOptions) {
  return ormSettings(options, discoverEntities());
}

/**
 * The app's (MikroOrmModule.forRoot): each module declares its own entities with
 * MikroOrmModule.forFeature, and autoLoadEntities collects them, so nothing imports every module.
 */
export function buildModuleOrmConfig(options: OrmOptions): MikroOrmModuleSyncOptions {
  // The request's EntityManager is forked when first used, by TenancyModule's request hook
  // (database/request-entity-manager.ts), not on every request by @mikro-orm/nestjs's.
  return { ...ormSettings(options, []), autoLoadEntities: true, registerRequestContext: false };
}

function ormSettings({ clientUrl, debug = false, timeouts = DEFAULT_DATABASE_TIMEOUTS }: OrmOptions, entities: EntityClass<unknown>[]) {
  return defineConfig({
    // PostgreSQL's, quoting the string parameters it writes into each statement in two native
    // replaces instead of a character at a time (database/literal-quoting.ts): the same text.
    driver: AppPostgreSqlDriver,
    clientUrl,
    entities,
    // The entities use the legacy (experimentalDecorators) decorators and their emitted types;
    // MikroORM 7 no longer reads those unless told to.
    metadataProvider: ReflectMetadataProvider,
    filters: tenantFilter(),
    // The tenant filter learns which entities it covers from the discovered metadata.
    discovery: { afterDiscovered: scopeTenantFilter },
    subscribers: [new TenantStampSubscriber()],
    extensions: [Migrator],
    migrations: {
      path: MIGRATIONS_DIR,
      pathTs: MIGRATIONS_SOURCE_DIR,
      // Compiled migrations are .js next to .js.map and .d.ts files; under jest they are .ts.
      glob: '!(*.d|*.spec).{js,ts}',
      tableName: 'mikro_orm_migrations',
      transactional: true,
      allOrNothing: true,
      snapshot: false,
      emit: 'ts',
      // main.ts logs what it applied; the migrator's own console output would bypass pino.
      silent: true,
    },
    // Every request works on its own forked EntityManager; a global one would leak state
    // between requests and tenants.
    allowGlobalContext: false,
    // Which manager that is: a RequestContext's fork, else the request's own, forked on first use
    // (database/request-entity-manager.ts).
    context: requestEntityManager,
    forceUtcTimezone: true,
    ensureDatabase: false,
    schemaGenerator: {
      // MikroORM 6 gave every relation `on update cascade` (from the default persist cascade);
      // 7 no longer infers it, and the schema stays as it is.
      defaultUpdateRule: 'cascade',
      // Triggers and their functions are written by hand in migrations (calendar revisions,
      // rota limits); 7 would otherwise drop every trigger the entities don't declare.
      ignoreTriggers: true,
      // Likewise plain functions the triggers call (calendar_feed_revision_bump): 7 would drop
      // every routine the entities don't declare.
      ignoreRoutines: true,
    },
    pool: { min: 0, max: POOL_MAX_CONNECTIONS },
    // MikroORM hands pg only host, port, user, password and database from clientUrl, dropping
    // `?sslmode=…`/`sslrootcert=…`; passing the URL itself lets pg read them, as migrate.ts does.
    // (MikroORM 7 gives driverOptions to pg.Pool as they are; 6 wanted them under `connection`.)
    // onPoolCreated: the arrays' parsers (array-parsers.ts), before the pool's first connection,
    // and the statements' time limits, client side (statement-timeouts.ts). connectionTimeoutMillis
    // bounds both the wait for a pooled connection and the opening of a new one.
    driverOptions: {
      connectionString: clientUrl,
      connectionTimeoutMillis: timeouts.acquireMs,
      onPoolCreated: (pool: Pool) => {
        useArrayParsers(pool);
        limitStatements(pool, timeouts);
      },
    },
    // The server side of the statements' time limits: set when a connection is reserved for a
    // scope whose limit it doesn't have yet (statement-timeouts.ts). Not a startup parameter,
    // which PgBouncer refuses unless told to ignore it.
    onReserveConnection: statementTimeoutOnReserve(timeouts),
    debug,
  });
}
