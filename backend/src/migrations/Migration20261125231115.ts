import { Migration } from '@mikro-orm/migrations';

export class Migration20261125231115 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "notifications" ("id" uuid not null, "organization_id" uuid not null, "user_id" uuid not null, "kind" text check ("kind" in ('swap_asked', 'swap_offered', 'swap_to_approve', 'swap_answered', 'swap_decided', 'swap_withdrawn', 'swap_expired', 'duty_changed', 'cancel_decided')) not null, "text" varchar(500) not null, "link" varchar(300) not null, "subject_id" uuid null, "event_key" varchar(200) not null, "created_at" timestamptz not null default now(), "read_at" timestamptz null, constraint "notifications_pkey" primary key ("id"));`);
    this.addSql(`create index "notifications_organization_id_index" on "notifications" ("organization_id");`);
    this.addSql(`create index "notifications_organization_id_user_id_created_at_index" on "notifications" ("organization_id", "user_id", "created_at");`);
    this.addSql(`alter table "notifications" add constraint "notifications_user_id_event_key_unique" unique ("user_id", "event_key");`);

    this.addSql(`alter table "notifications" add constraint "notifications_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "notifications" add constraint "notifications_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "swap_requests" drop constraint if exists "swap_requests_status_check";`);

    this.addSql(`alter table "swap_requests" add column "open" boolean not null default false, add column "answered_at" timestamptz null, add column "approved_unanswered" boolean not null default false;`);
    this.addSql(`alter table "swap_requests" alter column "target_id" drop default;`);
    this.addSql(`alter table "swap_requests" alter column "target_id" type uuid using ("target_id"::text::uuid);`);
    this.addSql(`alter table "swap_requests" alter column "target_id" drop not null;`);
    this.addSql(`alter table "swap_requests" alter column "status" type text using ("status"::text);`);
    this.addSql(`alter table "swap_requests" alter column "status" set default 'awaiting_colleague';`);
    this.addSql(`alter table "swap_requests" add constraint "swap_requests_status_check" check("status" in ('awaiting_colleague', 'pending', 'approved', 'rejected', 'declined', 'withdrawn', 'expired'));`);
    this.addSql(`alter table "swap_requests" add constraint swap_requests_open_is_cover check(not open or original_date = swap_date);`);
    this.addSql(`alter table "swap_requests" add constraint swap_requests_target_unless_open check(target_id is not null or open);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "notifications" cascade;`);

    this.addSql(`alter table "swap_requests" drop constraint if exists "swap_requests_status_check";`);

    this.addSql(`alter table "swap_requests" drop constraint swap_requests_open_is_cover;`);
    this.addSql(`alter table "swap_requests" drop constraint swap_requests_target_unless_open;`);
    this.addSql(`alter table "swap_requests" drop column "open", drop column "answered_at", drop column "approved_unanswered";`);

    this.addSql(`alter table "swap_requests" alter column "target_id" drop default;`);
    this.addSql(`alter table "swap_requests" alter column "target_id" type uuid using ("target_id"::text::uuid);`);
    this.addSql(`alter table "swap_requests" alter column "target_id" set not null;`);
    this.addSql(`alter table "swap_requests" alter column "status" type text using ("status"::text);`);
    this.addSql(`alter table "swap_requests" alter column "status" set default 'pending';`);
    this.addSql(`alter table "swap_requests" add constraint "swap_requests_status_check" check("status" in ('pending', 'approved', 'rejected'));`);
  }

}
