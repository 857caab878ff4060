import { Migration } from '@mikro-orm/migrations';

export class Migration20261121055713 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "swap_requests" ("id" uuid not null, "organization_id" uuid not null, "requester_id" uuid not null, "target_id" uuid not null, "original_date" date not null, "swap_date" date not null, "reason" varchar(500) not null, "status" text check ("status" in ('pending', 'approved', 'rejected')) not null default 'pending', "created_by_id" uuid null, "decided_by_id" uuid null, "decided_at" timestamptz null, "processed_automatically" boolean not null default false, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), constraint "swap_requests_pkey" primary key ("id"), constraint swap_requests_different_people check (requester_id <> target_id));`);
    this.addSql(`create index "swap_requests_organization_id_index" on "swap_requests" ("organization_id");`);
    this.addSql(`create index "swap_requests_organization_id_status_created_at_index" on "swap_requests" ("organization_id", "status", "created_at");`);

    this.addSql(`create table "staff_unavailability" ("id" uuid not null, "organization_id" uuid not null, "staff_id" uuid not null, "start_date" date not null, "end_date" date not null, "reason" varchar(500) not null, "type" text check ("type" in ('annual_leave', 'sick', 'training', 'personal')) not null default 'annual_leave', "created_by_id" uuid null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), constraint "staff_unavailability_pkey" primary key ("id"), constraint staff_unavailability_dates_in_order check (end_date >= start_date));`);
    this.addSql(`create index "staff_unavailability_organization_id_index" on "staff_unavailability" ("organization_id");`);
    this.addSql(`create index "staff_unavailability_organization_id_staff_id_start_date_index" on "staff_unavailability" ("organization_id", "staff_id", "start_date");`);

    this.addSql(`create table "cancel_requests" ("id" uuid not null, "organization_id" uuid not null, "staff_id" uuid not null, "date" date not null, "reason" varchar(500) not null, "status" text check ("status" in ('pending', 'approved', 'rejected')) not null default 'pending', "source" text check ("source" in ('request', 'unavailability')) not null default 'request', "unavailability_id" uuid null, "replacement_id" uuid null, "created_by_id" uuid null, "decided_by_id" uuid null, "decided_at" timestamptz null, "processed_automatically" boolean not null default false, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), constraint "cancel_requests_pkey" primary key ("id"));`);
    this.addSql(`create index "cancel_requests_organization_id_index" on "cancel_requests" ("organization_id");`);
    this.addSql(`create index "cancel_requests_organization_id_staff_id_date_index" on "cancel_requests" ("organization_id", "staff_id", "date");`);
    this.addSql(`create index "cancel_requests_organization_id_status_created_at_index" on "cancel_requests" ("organization_id", "status", "created_at");`);

    this.addSql(`alter table "swap_requests" add constraint "swap_requests_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "swap_requests" add constraint "swap_requests_requester_id_foreign" foreign key ("requester_id") references "staff" ("id") on update cascade on delete restrict;`);
    this.addSql(`alter table "swap_requests" add constraint "swap_requests_target_id_foreign" foreign key ("target_id") references "staff" ("id") on update cascade on delete restrict;`);
    this.addSql(`alter table "swap_requests" add constraint "swap_requests_created_by_id_foreign" foreign key ("created_by_id") references "users" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "swap_requests" add constraint "swap_requests_decided_by_id_foreign" foreign key ("decided_by_id") references "users" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "staff_unavailability" add constraint "staff_unavailability_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "staff_unavailability" add constraint "staff_unavailability_staff_id_foreign" foreign key ("staff_id") references "staff" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "staff_unavailability" add constraint "staff_unavailability_created_by_id_foreign" foreign key ("created_by_id") references "users" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "cancel_requests" add constraint "cancel_requests_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "cancel_requests" add constraint "cancel_requests_staff_id_foreign" foreign key ("staff_id") references "staff" ("id") on update cascade on delete restrict;`);
    this.addSql(`alter table "cancel_requests" add constraint "cancel_requests_unavailability_id_foreign" foreign key ("unavailability_id") references "staff_unavailability" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "cancel_requests" add constraint "cancel_requests_replacement_id_foreign" foreign key ("replacement_id") references "staff" ("id") on update cascade on delete restrict;`);
    this.addSql(`alter table "cancel_requests" add constraint "cancel_requests_created_by_id_foreign" foreign key ("created_by_id") references "users" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "cancel_requests" add constraint "cancel_requests_decided_by_id_foreign" foreign key ("decided_by_id") references "users" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "system_settings" add column "auto_approval_swaps" boolean not null default false, add column "auto_approval_cancellations" boolean not null default true, add column "auto_fill_cancellations" boolean not null default true;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "cancel_requests" drop constraint "cancel_requests_unavailability_id_foreign";`);

    this.addSql(`drop table if exists "swap_requests" cascade;`);

    this.addSql(`drop table if exists "staff_unavailability" cascade;`);

    this.addSql(`drop table if exists "cancel_requests" cascade;`);

    this.addSql(`alter table "system_settings" drop column "auto_approval_swaps", drop column "auto_approval_cancellations", drop column "auto_fill_cancellations";`);
  }

}
