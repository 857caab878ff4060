import { Migration } from '@mikro-orm/migrations';

/**
 * A duty may need up to 10 people a day (issue 41): slot positions 1–10. The Duty Manager duty
 * stays within the settings' duty managers per day (1–5) and every other duty within that
 * weekday's people (`rota_slots_within_limit`).
 */
export class Migration20261129100000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "rota_slots" drop constraint "rota_slots_position_range";`);
    this.addSql(`alter table "rota_slots" add constraint "rota_slots_position_range" check (position >= 1 and position <= 10);`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "rota_slots" drop constraint "rota_slots_position_range";`);
    this.addSql(`alter table "rota_slots" add constraint "rota_slots_position_range" check (position >= 1 and position <= 5);`);
  }
}
