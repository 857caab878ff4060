import { Migration } from '@mikro-orm/migrations';

export class Migration20261125221419 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "recurring_unavailability" ("id" uuid not null, "organization_id" uuid not null, "staff_id" uuid not null, "weekdays" smallint[] not null, "start_date" date not null, "end_date" date not null, "every_other_week" boolean not null default false, "week" text check ("week" in ('A', 'B')) null, "reason" varchar(500) not null, "created_by_id" uuid null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), constraint "recurring_unavailability_pkey" primary key ("id"), constraint recurring_unavailability_week_when_every_other check ((every_other_week and week is not null) or (not every_other_week and week is null)), constraint recurring_unavailability_weekdays check (cardinality(weekdays) >= 1 and weekdays <@ '{1,2,3,4,5}'::smallint[]), constraint recurring_unavailability_dates_in_order check (end_date >= start_date));`);
    this.addSql(`create index "recurring_unavailability_organization_id_index" on "recurring_unavailability" ("organization_id");`);
    this.addSql(`create index "recurring_unavailability_organization_id_staff_id__ff45e_index" on "recurring_unavailability" ("organization_id", "staff_id", "start_date");`);

    this.addSql(`alter table "recurring_unavailability" add constraint "recurring_unavailability_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "recurring_unavailability" add constraint "recurring_unavailability_staff_id_foreign" foreign key ("staff_id") references "staff" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "recurring_unavailability" add constraint "recurring_unavailability_created_by_id_foreign" foreign key ("created_by_id") references "users" ("id") on update cascade on delete set null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "recurring_unavailability" cascade;`);
  }

}
