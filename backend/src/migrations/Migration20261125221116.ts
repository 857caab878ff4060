import { Migration } from '@mikro-orm/migrations';

export class Migration20261125221116 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "system_settings" add column "mix_mode" text check ("mix_mode" in ('always', 'when_fair', 'never')) not null default 'when_fair', add column "default_weekly_cap" smallint null, add column "week_a_start" date null;`);
    this.addSql(`alter table "system_settings" add constraint system_settings_week_a_start_monday check(extract(isodow from week_a_start) = 1);`);
    this.addSql(`alter table "system_settings" add constraint system_settings_default_weekly_cap_range check(default_weekly_cap >= 1 and default_weekly_cap <= 5);`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "system_settings" drop constraint system_settings_week_a_start_monday;`);
    this.addSql(`alter table "system_settings" drop constraint system_settings_default_weekly_cap_range;`);
    this.addSql(`alter table "system_settings" drop column "mix_mode", drop column "default_weekly_cap", drop column "week_a_start";`);
  }

}
