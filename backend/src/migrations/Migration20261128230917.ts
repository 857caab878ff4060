import { Migration } from '@mikro-orm/migrations';

/**
 * A reminder whose duty is gone is followed by its cancellation (issue 39, defect 8):
 * duty_reminders keeps the version of the calendar event last emailed (the .ics SEQUENCE) and
 * when its cancellation was queued.
 */
export class Migration20261128230917 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "duty_reminders" add "sequence" int not null default 0, add "cancelled_at" timestamptz null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "duty_reminders" drop column "sequence", drop column "cancelled_at";`);
  }
}
