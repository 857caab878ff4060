import { Migration } from '@mikro-orm/migrations';

export class Migration20261121041505 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "holidays" ("id" uuid not null, "organization_id" uuid not null, "name" varchar(255) not null, "type" text check ("type" in ('bank_holiday', 'half_term', 'term_holiday', 'inset_day', 'other')) not null, "start_date" date not null, "end_date" date not null, "description" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), constraint "holidays_pkey" primary key ("id"), constraint holidays_dates_in_order check (end_date >= start_date));`);
    this.addSql(`create index "holidays_organization_id_index" on "holidays" ("organization_id");`);
    this.addSql(`create index "holidays_organization_id_start_date_index" on "holidays" ("organization_id", "start_date");`);

    this.addSql(`create table "staff" ("id" uuid not null, "organization_id" uuid not null, "name" varchar(100) not null, "email" varchar(254) not null, "department" varchar(100) null, "is_active" boolean not null default true, "is_teaching" boolean not null default true, "user_id" uuid null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), constraint "staff_pkey" primary key ("id"));`);
    this.addSql(`create index "staff_organization_id_index" on "staff" ("organization_id");`);
    this.addSql(`alter table "staff" add constraint "staff_user_id_unique" unique ("user_id");`);
    this.addSql(`alter table "staff" add constraint "staff_organization_id_email_unique" unique ("organization_id", "email");`);

    this.addSql(`create table "audit_entries" ("id" bigserial primary key, "organization_id" uuid not null, "actor_id" uuid null, "actor_name" varchar(100) not null, "kind" varchar(20) not null, "action" varchar(64) not null, "entity_id" varchar(64) not null, "summary" varchar(500) not null, "before" jsonb null, "after" jsonb null, "created_at" timestamptz not null default now());`);
    this.addSql(`create index "audit_entries_organization_id_index" on "audit_entries" ("organization_id");`);
    this.addSql(`create index "audit_entries_organization_id_created_at_index" on "audit_entries" ("organization_id", "created_at");`);

    this.addSql(`alter table "holidays" add constraint "holidays_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "staff" add constraint "staff_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "staff" add constraint "staff_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "audit_entries" add constraint "audit_entries_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "audit_entries" add constraint "audit_entries_actor_id_foreign" foreign key ("actor_id") references "users" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "users" alter column "password_hash" type text using ("password_hash"::text);`);
    this.addSql(`alter table "users" alter column "password_hash" drop not null;`);

    this.addSql(`alter table "password_reset_tokens" add column "purpose" text check ("purpose" in ('reset', 'invite')) not null default 'reset';`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "holidays" cascade;`);

    this.addSql(`drop table if exists "staff" cascade;`);

    this.addSql(`drop table if exists "audit_entries" cascade;`);

    this.addSql(`alter table "password_reset_tokens" drop column "purpose";`);

    this.addSql(`alter table "users" alter column "password_hash" type text using ("password_hash"::text);`);
    this.addSql(`alter table "users" alter column "password_hash" set not null;`);
  }

}
