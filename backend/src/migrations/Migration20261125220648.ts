import { Migration } from '@mikro-orm/migrations';

export class Migration20261125220648 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "rota_slots" add column "override" boolean not null default false;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "rota_slots" drop column "override";`);
  }

}
