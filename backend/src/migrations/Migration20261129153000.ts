import { Migration } from '@mikro-orm/migrations';

/**
 * Reminders of every duty (issue 42): a school may add a reminder 15, 30 or 60 minutes before
 * each timed duty starts (`system_settings.reminder_minutes_before`, null: none), and each
 * reminder of one duty — before its day for a duty other than the Duty Manager's, or before its
 * start — is claimed once per (organisation, person, duty, date, kind) in `sent_duty_reminders`,
 * in the transaction that queues its email.
 */
export class Migration20261129153000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "sent_duty_reminders" ("id" bigserial primary key, "organization_id" uuid not null, "staff_id" uuid not null, "duty_id" uuid not null, "duty_date" date not null, "kind" varchar(12) not null, "email_id" bigint null, "created_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "sent_duty_reminders_organization_id_index" on "sent_duty_reminders" ("organization_id");`);
    this.addSql(
      `alter table "sent_duty_reminders" add constraint "sent_duty_reminders_once" unique ("organization_id", "staff_id", "duty_id", "duty_date", "kind");`,
    );
    this.addSql(
      `alter table "sent_duty_reminders" add constraint "sent_duty_reminders_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "sent_duty_reminders" add constraint "sent_duty_reminders_staff_id_foreign" foreign key ("staff_id") references "staff" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "sent_duty_reminders" add constraint "sent_duty_reminders_duty_id_foreign" foreign key ("duty_id") references "duties" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "sent_duty_reminders" add constraint "sent_duty_reminders_email_id_foreign" foreign key ("email_id") references "outbox_emails" ("id") on update cascade on delete set null;`,
    );
    this.addSql(
      `alter table "sent_duty_reminders" add constraint "sent_duty_reminders_kind_choice" check (kind = 'day-before' or kind = 'before-start');`,
    );

    this.addSql(`alter table "system_settings" add "reminder_minutes_before" smallint null;`);
    this.addSql(
      `alter table "system_settings" add constraint "system_settings_reminder_minutes_before_choice" check (reminder_minutes_before = 15 or reminder_minutes_before = 30 or reminder_minutes_before = 60);`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "sent_duty_reminders" cascade;`);
    this.addSql(`alter table "system_settings" drop constraint "system_settings_reminder_minutes_before_choice";`);
    this.addSql(`alter table "system_settings" drop column "reminder_minutes_before";`);
  }
}
