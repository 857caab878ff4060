import { MikroORM } from '@mikro-orm/postgresql';
import { buildOrmConfig } from '../src/config/mikro-orm.config';
import { runMigrations } from '../src/database/migrate';
import { createTestDatabase } from './support/test-database';

describe('migrations', () => {
  it('bring an empty database exactly to the schema the entities describe', async () => {
    const db = await createTestDatabase();
    const orm = await MikroORM.init(buildOrmConfig({ clientUrl: db.url }));
    try {
      await runMigrations(orm, db.url);
      // When this fails, an entity changed without a migration: run `npm run migration:create -w backend`.
      const diff = await orm.getSchemaGenerator().getUpdateSchemaSQL({ wrap: false });
      expect(diff.trim()).toBe('');
      expect(await orm.getMigrator().getPendingMigrations()).toEqual([]);
    } finally {
      await orm.close();
      await db.drop();
    }
  });
});
