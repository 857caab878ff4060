import { Migration } from '@mikro-orm/migrations';

export class Migration20261121034843 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "organizations" ("id" uuid not null, "name" varchar(255) not null, "subdomain" varchar(63) not null, "type" text check ("type" in ('school', 'college', 'university', 'other')) not null default 'school', "settings" jsonb not null default '{}', "is_active" boolean not null default true, "timezone" varchar(64) not null default 'Europe/London', "trial_ends_at" timestamptz not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), constraint "organizations_pkey" primary key ("id"));`);
    this.addSql(`alter table "organizations" add constraint "organizations_subdomain_unique" unique ("subdomain");`);

    this.addSql(`create table "outbox_emails" ("id" bigserial primary key, "organization_id" uuid null, "dedupe_key" varchar(300) null, "kind" varchar(64) not null, "to" varchar(320) not null, "subject" varchar(500) not null, "html" text not null, "text" text not null, "attachments" jsonb null, "status" text check ("status" in ('pending', 'sending', 'sent', 'simulated', 'failed')) not null default 'pending', "attempts" int not null default 0, "next_attempt_at" timestamptz not null default now(), "locked_until" timestamptz null, "last_error" text null, "sent_at" timestamptz null, "created_at" timestamptz not null default now());`);
    this.addSql(`create index "outbox_emails_organization_id_index" on "outbox_emails" ("organization_id");`);
    this.addSql(`alter table "outbox_emails" add constraint "outbox_emails_dedupe_key_unique" unique ("dedupe_key");`);
    this.addSql(`create index "outbox_emails_status_next_attempt_at_index" on "outbox_emails" ("status", "next_attempt_at");`);

    this.addSql(`create table "rate_limit_buckets" ("key" varchar(300) not null, "count" int not null default 0, "window_started_at" timestamptz not null, "expires_at" timestamptz not null, constraint "rate_limit_buckets_pkey" primary key ("key"));`);
    this.addSql(`create index "rate_limit_buckets_expires_at_index" on "rate_limit_buckets" ("expires_at");`);

    this.addSql(`create table "users" ("id" uuid not null, "organization_id" uuid not null, "email" varchar(254) not null, "password_hash" text not null, "name" varchar(100) not null, "role" text check ("role" in ('admin', 'manager', 'staff')) not null default 'staff', "is_active" boolean not null default true, "email_verified" boolean not null default false, "last_login" timestamptz null, "token_version" int not null default 0, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), constraint "users_pkey" primary key ("id"));`);
    this.addSql(`create index "users_organization_id_index" on "users" ("organization_id");`);
    this.addSql(`alter table "users" add constraint "users_email_unique" unique ("email");`);

    this.addSql(`create table "password_reset_tokens" ("id" uuid not null, "user_id" uuid not null, "token_hash" varchar(64) not null, "expires_at" timestamptz not null, "used" boolean not null default false, "created_at" timestamptz not null default now(), constraint "password_reset_tokens_pkey" primary key ("id"));`);
    this.addSql(`create index "password_reset_tokens_user_id_index" on "password_reset_tokens" ("user_id");`);
    this.addSql(`alter table "password_reset_tokens" add constraint "password_reset_tokens_token_hash_unique" unique ("token_hash");`);

    this.addSql(`create table "email_verification_tokens" ("id" uuid not null, "user_id" uuid not null, "token_hash" varchar(64) not null, "expires_at" timestamptz not null, "created_at" timestamptz not null default now(), constraint "email_verification_tokens_pkey" primary key ("id"));`);
    this.addSql(`create index "email_verification_tokens_user_id_index" on "email_verification_tokens" ("user_id");`);
    this.addSql(`alter table "email_verification_tokens" add constraint "email_verification_tokens_token_hash_unique" unique ("token_hash");`);

    this.addSql(`alter table "outbox_emails" add constraint "outbox_emails_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "users" add constraint "users_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "password_reset_tokens" add constraint "password_reset_tokens_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "email_verification_tokens" add constraint "email_verification_tokens_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "outbox_emails" drop constraint "outbox_emails_organization_id_foreign";`);

    this.addSql(`alter table "users" drop constraint "users_organization_id_foreign";`);

    this.addSql(`alter table "password_reset_tokens" drop constraint "password_reset_tokens_user_id_foreign";`);

    this.addSql(`alter table "email_verification_tokens" drop constraint "email_verification_tokens_user_id_foreign";`);

    this.addSql(`drop table if exists "organizations" cascade;`);

    this.addSql(`drop table if exists "outbox_emails" cascade;`);

    this.addSql(`drop table if exists "rate_limit_buckets" cascade;`);

    this.addSql(`drop table if exists "users" cascade;`);

    this.addSql(`drop table if exists "password_reset_tokens" cascade;`);

    this.addSql(`drop table if exists "email_verification_tokens" cascade;`);
  }

}
