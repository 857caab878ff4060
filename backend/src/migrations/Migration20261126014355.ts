import { Migration } from '@mikro-orm/migrations';

export class Migration20261126014355 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "session_handoffs" ("id" uuid not null, "user_id" uuid not null, "token_hash" varchar(64) not null, "expires_at" timestamptz not null, "created_at" timestamptz not null default now(), constraint "session_handoffs_pkey" primary key ("id"));`);
    this.addSql(`create index "session_handoffs_user_id_index" on "session_handoffs" ("user_id");`);
    this.addSql(`alter table "session_handoffs" add constraint "session_handoffs_token_hash_unique" unique ("token_hash");`);

    this.addSql(`alter table "session_handoffs" add constraint "session_handoffs_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "session_handoffs" cascade;`);
  }

}
