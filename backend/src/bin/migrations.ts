import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/postgresql';
import { buildOrmConfig, MIGRATIONS_SOURCE_DIR } from '../config/mikro-orm.config';
import { runMigrations } from '../database/migrate';
import { startThrowawayPostgres } from '../database/throwaway-postgres';

/**
 * `check`: applies every migration to an empty database and fails when the entities still
 * describe a different schema (an entity changed without a migration).
 * `create`: writes a new migration for that difference to src/migrations.
 * Both use a throw-away embedded PostgreSQL, so they never touch anyone's data.
 */
async function main(command: string | undefined): Promise<number> {
  if (command !== 'check' && command !== 'create') {
    process.stderr.write('Usage: node dist/bin/migrations.js <check|create>\n');
    return 2;
  }
  const pg = await startThrowawayPostgres('migrations');
  try {
    const url = pg.server.url;
    const orm = await MikroORM.init(buildOrmConfig({ clientUrl: url }));
    try {
      await runMigrations(orm, url);
      if (command === 'check') {
        const diff = (await orm.schema.getUpdateSchemaSQL({ wrap: false })).trim();
        if (diff) {
          process.stderr.write(
            `Entities changed without a migration. Run \`npm run migration:create -w backend\`.\n${diff}\n`,
          );
          return 1;
        }
        process.stdout.write('Migrations match the entities.\n');
        return 0;
      }
      const created = await orm.migrator.create(MIGRATIONS_SOURCE_DIR);
      if (!created.fileName) {
        process.stdout.write('No changes: no migration written.\n');
        return 0;
      }
      process.stdout.write(`Wrote src/migrations/${created.fileName}\n`);
      return 0;
    } finally {
      await orm.close();
    }
  } finally {
    await pg.stop();
  }
}

main(process.argv[2]).then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
