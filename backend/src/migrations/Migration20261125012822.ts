import { Migration } from '@mikro-orm/migrations';

export class Migration20261125012822 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "email_change_tokens" ("id" uuid not null, "user_id" uuid not null, "token_hash" varchar(64) not null, "expires_at" timestamptz not null, "created_at" timestamptz not null default now(), "new_email" varchar(254) not null, constraint "email_change_tokens_pkey" primary key ("id"));`);
    this.addSql(`create index "email_change_tokens_user_id_index" on "email_change_tokens" ("user_id");`);
    this.addSql(`alter table "email_change_tokens" add constraint "email_change_tokens_token_hash_unique" unique ("token_hash");`);

    this.addSql(`alter table "email_change_tokens" add constraint "email_change_tokens_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "users" drop constraint "users_email_unique";`);

    this.addSql(`alter table "users" add constraint "users_organization_id_email_unique" unique ("organization_id", "email");`);

    this.addSql(`alter table "calendar_feed_tokens" add column "user_token_version" int not null default 0;`);
    // Links issued before this migration keep working: they belong to the user's current sessions.
    this.addSql(`update "calendar_feed_tokens" t set "user_token_version" = u."token_version" from "users" u where u."id" = t."user_id";`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "email_change_tokens" cascade;`);

    this.addSql(`alter table "calendar_feed_tokens" drop column "user_token_version";`);

    this.addSql(`alter table "users" drop constraint "users_organization_id_email_unique";`);

    this.addSql(`alter table "users" add constraint "users_email_unique" unique ("email");`);
  }

}
