import { Migration } from '@mikro-orm/migrations';

/**
 * Wet days (issue 42, docs/product.md#duties): a duty's wet-weather post (`duties.wet_place`),
 * the days marked wet (`wet_days`, one per organisation and date) and who has been told of each
 * (`wet_day_notices`, one per organisation, date and staff member, kept when a day is unmarked so
 * marking it again tells nobody twice).
 */
export class Migration20261129157000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "duties" add "wet_place" varchar(100) null;`);

    this.addSql(
      `create table "wet_days" ("id" uuid not null, "organization_id" uuid not null, "date" date not null, "marked_by" uuid not null, "created_at" timestamptz not null default now(), primary key ("id"));`,
    );
    this.addSql(`create index "wet_days_organization_id_index" on "wet_days" ("organization_id");`);
    this.addSql(`alter table "wet_days" add constraint "wet_days_organization_id_date_unique" unique ("organization_id", "date");`);
    this.addSql(
      `alter table "wet_days" add constraint "wet_days_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `create table "wet_day_notices" ("id" uuid not null, "organization_id" uuid not null, "date" date not null, "staff_id" uuid not null, "created_at" timestamptz not null default now(), primary key ("id"));`,
    );
    this.addSql(`create index "wet_day_notices_organization_id_index" on "wet_day_notices" ("organization_id");`);
    this.addSql(
      `alter table "wet_day_notices" add constraint "wet_day_notices_organization_id_date_staff_id_unique" unique ("organization_id", "date", "staff_id");`,
    );
    this.addSql(
      `alter table "wet_day_notices" add constraint "wet_day_notices_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "wet_day_notices";`);
    this.addSql(`drop table if exists "wet_days";`);
    this.addSql(`alter table "duties" drop column "wet_place";`);
  }
}
