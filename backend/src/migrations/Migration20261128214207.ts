import { Migration } from '@mikro-orm/migrations';

/**
 * Sign-in identities that can't be moved silently (issue 38):
 * - user_identities: a provider identity (issuer + subject) linked to its account, so an account
 *   is found by the provider's subject once linked, never re-matched by email;
 * - user_sessions: server-side sessions (the token's `sid`), so signing out ends a session;
 * - the token version on pending sign-in steps (two-step challenges, hand-off codes), so they die
 *   with the sessions of the account; steps pending at the upgrade are dropped (they live minutes);
 * - sso_login_attempts gains re-authentication through a provider;
 * - email_change_tokens gains the owner's approval: a new sign-in email asked for by someone else
 *   takes effect only when the owner approves it and the new address confirms it. Changes pending
 *   at the upgrade were asked for under the old rule and are dropped (ask again).
 */
export class Migration20261128214207 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "user_identities" ("id" uuid not null, "organization_id" uuid not null, "user_id" uuid not null, "provider" varchar(20) not null, "issuer" varchar(500) not null, "subject" varchar(255) not null, "created_at" timestamptz not null default now(), "last_used_at" timestamptz null, constraint "user_identities_pkey" primary key ("id"));`);
    this.addSql(`create index "user_identities_organization_id_index" on "user_identities" ("organization_id");`);
    this.addSql(`create index "user_identities_user_id_index" on "user_identities" ("user_id");`);
    this.addSql(`alter table "user_identities" add constraint "user_identities_user_id_provider_unique" unique ("user_id", "provider");`);
    this.addSql(`alter table "user_identities" add constraint "user_identities_organization_id_provider_issuer_subject_unique" unique ("organization_id", "provider", "issuer", "subject");`);
    this.addSql(`alter table "user_identities" add constraint "user_identities_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "user_identities" add constraint "user_identities_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);

    this.addSql(`create table "user_sessions" ("id" uuid not null, "organization_id" uuid not null, "user_id" uuid not null, "expires_at" timestamptz not null, "created_at" timestamptz not null default now(), constraint "user_sessions_pkey" primary key ("id"));`);
    this.addSql(`create index "user_sessions_organization_id_index" on "user_sessions" ("organization_id");`);
    this.addSql(`create index "user_sessions_user_id_index" on "user_sessions" ("user_id");`);
    this.addSql(`create index "user_sessions_expires_at_index" on "user_sessions" ("expires_at");`);
    this.addSql(`alter table "user_sessions" add constraint "user_sessions_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "user_sessions" add constraint "user_sessions_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);

    this.addSql(`delete from "two_factor_challenges";`);
    this.addSql(`alter table "two_factor_challenges" add "user_token_version" int not null;`);
    this.addSql(`delete from "session_handoffs";`);
    this.addSql(`alter table "session_handoffs" add "user_token_version" int not null;`);

    this.addSql(`alter table "sso_login_attempts" add "purpose" text not null default 'sign_in', add "user_id" uuid null, add "session_id" uuid null;`);
    this.addSql(`alter table "sso_login_attempts" add constraint "sso_login_attempts_purpose_check" check ("purpose" in ('sign_in', 'reauth'));`);
    this.addSql(`alter table "sso_login_attempts" add constraint "sso_login_attempts_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "sso_login_attempts" alter column "browser_hash" drop not null;`);

    this.addSql(`delete from "email_change_tokens";`);
    this.addSql(`alter table "email_change_tokens" add "approval_token_hash" varchar(64) null, add "approved_at" timestamptz null, add "confirmed_at" timestamptz null, add "requested_by" varchar(100) not null;`);
    this.addSql(`alter table "email_change_tokens" add constraint "email_change_tokens_approval_token_hash_unique" unique ("approval_token_hash");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "user_identities" cascade;`);
    this.addSql(`drop table if exists "user_sessions" cascade;`);
    this.addSql(`alter table "two_factor_challenges" drop column "user_token_version";`);
    this.addSql(`alter table "session_handoffs" drop column "user_token_version";`);
    this.addSql(`delete from "sso_login_attempts" where "browser_hash" is null;`);
    this.addSql(`alter table "sso_login_attempts" drop constraint "sso_login_attempts_user_id_foreign", drop constraint "sso_login_attempts_purpose_check";`);
    this.addSql(`alter table "sso_login_attempts" drop column "purpose", drop column "user_id", drop column "session_id";`);
    this.addSql(`alter table "sso_login_attempts" alter column "browser_hash" set not null;`);
    this.addSql(`alter table "email_change_tokens" drop constraint "email_change_tokens_approval_token_hash_unique";`);
    this.addSql(`alter table "email_change_tokens" drop column "approval_token_hash", drop column "approved_at", drop column "confirmed_at", drop column "requested_by";`);
  }
}
