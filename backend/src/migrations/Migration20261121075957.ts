import { Migration } from '@mikro-orm/migrations';

export class Migration20261121075957 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "duty_reminders" ("id" bigserial primary key, "organization_id" uuid not null, "staff_id" uuid not null, "duty_date" date not null, "trigger" varchar(10) not null, "email_id" bigint null, "created_at" timestamptz not null default now());`);
    this.addSql(`create index "duty_reminders_organization_id_index" on "duty_reminders" ("organization_id");`);
    this.addSql(`alter table "duty_reminders" add constraint "duty_reminders_once" unique ("organization_id", "staff_id", "duty_date");`);

    this.addSql(`create table "procedure_files" ("id" uuid not null, "organization_id" uuid not null, "file_name" varchar(255) not null, "kind" varchar(8) not null, "size" int not null, "sha256" varchar(64) not null, "content" bytea not null, "uploaded_by_id" uuid null, "created_at" timestamptz not null default now(), constraint "procedure_files_pkey" primary key ("id"));`);
    this.addSql(`create index "procedure_files_organization_id_index" on "procedure_files" ("organization_id");`);
    this.addSql(`alter table "procedure_files" add constraint "procedure_files_organization_id_unique" unique ("organization_id");`);

    this.addSql(`alter table "duty_reminders" add constraint "duty_reminders_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "duty_reminders" add constraint "duty_reminders_staff_id_foreign" foreign key ("staff_id") references "staff" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "duty_reminders" add constraint "duty_reminders_email_id_foreign" foreign key ("email_id") references "outbox_emails" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "procedure_files" add constraint "procedure_files_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "procedure_files" add constraint "procedure_files_uploaded_by_id_foreign" foreign key ("uploaded_by_id") references "users" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "system_settings" add column "email_reminders_enabled" boolean not null default true, add column "reminder_time" varchar(5) not null default '08:30', add column "reminder_hours_advance" smallint not null default 24, add column "email_template" jsonb null, add column "instructions_title" varchar(255) not null default 'Duty Manager Instructions', add column "instructions_content" text not null default '', add column "procedure_file_url" varchar(500) null, add column "procedure_file_name" varchar(255) null;`);
    this.addSql(`alter table "system_settings" add constraint system_settings_reminder_time_format check(reminder_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$');`);
    this.addSql(`alter table "system_settings" add constraint system_settings_reminder_hours_advance_choice check(reminder_hours_advance = 1 or reminder_hours_advance = 2 or reminder_hours_advance = 4 or reminder_hours_advance = 8 or reminder_hours_advance = 12 or reminder_hours_advance = 24 or reminder_hours_advance = 48);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "duty_reminders" cascade;`);

    this.addSql(`drop table if exists "procedure_files" cascade;`);

    this.addSql(`alter table "system_settings" drop constraint system_settings_reminder_time_format;`);
    this.addSql(`alter table "system_settings" drop constraint system_settings_reminder_hours_advance_choice;`);
    this.addSql(`alter table "system_settings" drop column "email_reminders_enabled", drop column "reminder_time", drop column "reminder_hours_advance", drop column "email_template", drop column "instructions_title", drop column "instructions_content", drop column "procedure_file_url", drop column "procedure_file_name";`);
  }

}
