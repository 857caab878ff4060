import { Migration } from '@mikro-orm/migrations';

export class Migration20261125193851 extends Migration {

  override async up(): Promise<void> {
    // Every organisation so far got England & Wales bank holidays, so that is the region it keeps.
    this.addSql(`alter table "organizations" add column "region" text check ("region" in ('england_wales', 'scotland', 'northern_ireland')) not null default 'england_wales';`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "organizations" drop column "region";`);
  }

}
