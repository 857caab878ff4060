import { Migration } from '@mikro-orm/migrations';

export class Migration20261125201445 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "cancel_requests" drop constraint if exists "cancel_requests_source_check";`);

    this.addSql(`alter table "cancel_requests" add constraint "cancel_requests_source_check" check("source" in ('request', 'unavailability', 'rota_change', 'rota_edit'));`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "cancel_requests" drop constraint if exists "cancel_requests_source_check";`);

    this.addSql(`alter table "cancel_requests" add constraint "cancel_requests_source_check" check("source" in ('request', 'unavailability'));`);
  }

}
