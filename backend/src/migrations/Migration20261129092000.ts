import { Migration } from '@mikro-orm/migrations';

/**
 * A weekly commitment may have a time of day (issue 41): `recurring_unavailability.start_time` and
 * `end_time`, `HH:mm`, both or neither, the end after the start. Every commitment there is has
 * neither: it covers the whole day, as before.
 */
export class Migration20261129092000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "recurring_unavailability" add "start_time" varchar(5) null, add "end_time" varchar(5) null;`);
    this.addSql(
      `alter table "recurring_unavailability" add constraint "recurring_unavailability_times_format" check ((start_time is null or start_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$') and (end_time is null or end_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'));`,
    );
    this.addSql(
      `alter table "recurring_unavailability" add constraint "recurring_unavailability_times_together_in_order" check ((start_time is null and end_time is null) or (start_time is not null and end_time is not null and start_time < end_time));`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "recurring_unavailability" drop constraint "recurring_unavailability_times_together_in_order";`);
    this.addSql(`alter table "recurring_unavailability" drop constraint "recurring_unavailability_times_format";`);
    this.addSql(`alter table "recurring_unavailability" drop column "start_time", drop column "end_time";`);
  }
}
