import { Migration } from '@mikro-orm/migrations';

export class Migration20261126015325 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "two_factor_recovery_codes" ("id" uuid not null, "organization_id" uuid not null, "user_id" uuid not null, "code_hash" varchar(64) not null, "used_at" timestamptz null, "created_at" timestamptz not null default now(), constraint "two_factor_recovery_codes_pkey" primary key ("id"));`);
    this.addSql(`create index "two_factor_recovery_codes_organization_id_index" on "two_factor_recovery_codes" ("organization_id");`);
    this.addSql(`create index "two_factor_recovery_codes_user_id_index" on "two_factor_recovery_codes" ("user_id");`);
    this.addSql(`alter table "two_factor_recovery_codes" add constraint "two_factor_recovery_codes_user_id_code_hash_unique" unique ("user_id", "code_hash");`);

    this.addSql(`create table "two_factor_challenges" ("id" uuid not null, "user_id" uuid not null, "token_hash" varchar(64) not null, "expires_at" timestamptz not null, "created_at" timestamptz not null default now(), constraint "two_factor_challenges_pkey" primary key ("id"));`);
    this.addSql(`create index "two_factor_challenges_user_id_index" on "two_factor_challenges" ("user_id");`);
    this.addSql(`alter table "two_factor_challenges" add constraint "two_factor_challenges_token_hash_unique" unique ("token_hash");`);

    this.addSql(`create table "user_two_factor" ("id" uuid not null, "organization_id" uuid not null, "user_id" uuid not null, "secret" text null, "pending_secret" text null, "pending_expires_at" timestamptz null, "last_used_step" int null, "enabled_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), constraint "user_two_factor_pkey" primary key ("id"));`);
    this.addSql(`create index "user_two_factor_organization_id_index" on "user_two_factor" ("organization_id");`);
    this.addSql(`alter table "user_two_factor" add constraint "user_two_factor_user_id_unique" unique ("user_id");`);

    this.addSql(`alter table "two_factor_recovery_codes" add constraint "two_factor_recovery_codes_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "two_factor_recovery_codes" add constraint "two_factor_recovery_codes_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "two_factor_challenges" add constraint "two_factor_challenges_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "user_two_factor" add constraint "user_two_factor_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "user_two_factor" add constraint "user_two_factor_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "organizations" add column "require_admin_two_factor" boolean not null default false;`);

    this.addSql(`alter table "users" add column "two_factor_enabled" boolean not null default false;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "two_factor_recovery_codes" cascade;`);

    this.addSql(`drop table if exists "two_factor_challenges" cascade;`);

    this.addSql(`drop table if exists "user_two_factor" cascade;`);

    this.addSql(`alter table "organizations" drop column "require_admin_two_factor";`);

    this.addSql(`alter table "users" drop column "two_factor_enabled";`);
  }

}
