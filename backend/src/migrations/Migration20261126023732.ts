import { Migration } from '@mikro-orm/migrations';

export class Migration20261126023732 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "identity_providers" ("id" uuid not null, "organization_id" uuid not null, "kind" text check ("kind" in ('google', 'microsoft', 'oidc')) not null, "enabled" boolean not null default false, "client_id" varchar(255) not null default '', "client_secret" text null, "allowed_domains" text[] not null default '{}', "allowed_tenant_ids" text[] not null default '{}', "issuer" varchar(500) null, "display_name" varchar(40) null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), constraint "identity_providers_pkey" primary key ("id"));`);
    this.addSql(`create index "identity_providers_organization_id_index" on "identity_providers" ("organization_id");`);
    this.addSql(`alter table "identity_providers" add constraint "identity_providers_organization_id_kind_unique" unique ("organization_id", "kind");`);

    this.addSql(`create table "sign_in_settings" ("id" uuid not null, "organization_id" uuid not null, "join_rule" text check ("join_rule" in ('refuse', 'join_as_staff')) not null default 'refuse', "password_sign_in" boolean not null default true, "updated_at" timestamptz not null default now(), constraint "sign_in_settings_pkey" primary key ("id"));`);
    this.addSql(`create index "sign_in_settings_organization_id_index" on "sign_in_settings" ("organization_id");`);
    this.addSql(`alter table "sign_in_settings" add constraint "sign_in_settings_organization_id_unique" unique ("organization_id");`);

    this.addSql(`create table "sso_login_attempts" ("id" uuid not null, "organization_id" uuid not null, "provider" text check ("provider" in ('google', 'microsoft', 'oidc')) not null, "state_hash" varchar(64) not null, "nonce" varchar(128) not null, "code_verifier" varchar(128) not null, "browser_hash" varchar(64) not null, "expires_at" timestamptz not null, "created_at" timestamptz not null default now(), constraint "sso_login_attempts_pkey" primary key ("id"));`);
    this.addSql(`create index "sso_login_attempts_organization_id_index" on "sso_login_attempts" ("organization_id");`);
    this.addSql(`alter table "sso_login_attempts" add constraint "sso_login_attempts_state_hash_unique" unique ("state_hash");`);
    this.addSql(`create index "sso_login_attempts_expires_at_index" on "sso_login_attempts" ("expires_at");`);

    this.addSql(`alter table "identity_providers" add constraint "identity_providers_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "sign_in_settings" add constraint "sign_in_settings_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "sso_login_attempts" add constraint "sso_login_attempts_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "identity_providers" cascade;`);

    this.addSql(`drop table if exists "sign_in_settings" cascade;`);

    this.addSql(`drop table if exists "sso_login_attempts" cascade;`);
  }

}
