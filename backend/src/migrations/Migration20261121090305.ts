import { Migration } from '@mikro-orm/migrations';

export class Migration20261121090305 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "calendar_feed_tokens" ("id" uuid not null, "organization_id" uuid not null, "user_id" uuid not null, "selector" varchar(16) not null, "secret_hash" varchar(64) not null, "created_at" timestamptz not null default now(), "last_used_at" timestamptz null, constraint "calendar_feed_tokens_pkey" primary key ("id"));`);
    this.addSql(`create index "calendar_feed_tokens_organization_id_index" on "calendar_feed_tokens" ("organization_id");`);
    this.addSql(`alter table "calendar_feed_tokens" add constraint "calendar_feed_tokens_user_id_unique" unique ("user_id");`);
    this.addSql(`alter table "calendar_feed_tokens" add constraint "calendar_feed_tokens_selector_unique" unique ("selector");`);

    this.addSql(`alter table "calendar_feed_tokens" add constraint "calendar_feed_tokens_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "calendar_feed_tokens" add constraint "calendar_feed_tokens_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "holidays" add column "revision" bigint not null default 0;`);

    this.addSql(`alter table "rota_days" add column "revision" bigint not null default 0;`);

    // Calendar feeds' SEQUENCE: one database-wide counter, so a revision only ever grows (also
    // across a day that is emptied, deleted and filled again).
    this.addSql(`create sequence "calendar_revision";`);
    this.addSql(`create function calendar_revision_bump() returns trigger language plpgsql as $$
      begin
        new.revision := nextval('calendar_revision');
        -- A statement that sets updated_at itself (a data fix, a test's "last week") keeps it.
        if tg_op = 'UPDATE' and new.updated_at is not distinct from old.updated_at then new.updated_at := now(); end if;
        return new;
      end $$;`);
    this.addSql(`create trigger rota_days_revision before insert or update on "rota_days" for each row execute function calendar_revision_bump();`);
    this.addSql(`create trigger holidays_revision before insert or update on "holidays" for each row execute function calendar_revision_bump();`);
    this.addSql(`update "rota_days" set "revision" = nextval('calendar_revision');`);
    this.addSql(`update "holidays" set "revision" = nextval('calendar_revision');`);

    // Whatever writes a day's slots, the day's revision moves (statement triggers: one update per
    // statement, however many slots it wrote).
    this.addSql(`create function rota_slots_touch_days() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          update rota_days set updated_at = now() where id in (select rota_day_id from new_slots);
        elsif tg_op = 'DELETE' then
          update rota_days set updated_at = now() where id in (select rota_day_id from old_slots);
        else
          update rota_days set updated_at = now()
           where id in (select rota_day_id from new_slots union select rota_day_id from old_slots);
        end if;
        return null;
      end $$;`);
    this.addSql(`create trigger rota_slots_touch_days_insert after insert on "rota_slots" referencing new table as new_slots for each statement execute function rota_slots_touch_days();`);
    this.addSql(`create trigger rota_slots_touch_days_update after update on "rota_slots" referencing old table as old_slots new table as new_slots for each statement execute function rota_slots_touch_days();`);
    this.addSql(`create trigger rota_slots_touch_days_delete after delete on "rota_slots" referencing old table as old_slots for each statement execute function rota_slots_touch_days();`);

    // A renamed person's duties read differently (their summary, their colleagues' descriptions).
    this.addSql(`create function staff_renamed_touch_days() returns trigger language plpgsql as $$
      begin
        update rota_days set updated_at = now() where id in (select rota_day_id from rota_slots where staff_id = new.id);
        return null;
      end $$;`);
    this.addSql(`create trigger staff_renamed_touch_days after update of name on "staff" for each row when (old.name is distinct from new.name) execute function staff_renamed_touch_days();`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists staff_renamed_touch_days on "staff";`);
    this.addSql(`drop function if exists staff_renamed_touch_days();`);
    this.addSql(`drop trigger if exists rota_slots_touch_days_insert on "rota_slots";`);
    this.addSql(`drop trigger if exists rota_slots_touch_days_update on "rota_slots";`);
    this.addSql(`drop trigger if exists rota_slots_touch_days_delete on "rota_slots";`);
    this.addSql(`drop function if exists rota_slots_touch_days();`);
    this.addSql(`drop trigger if exists rota_days_revision on "rota_days";`);
    this.addSql(`drop trigger if exists holidays_revision on "holidays";`);
    this.addSql(`drop function if exists calendar_revision_bump();`);
    this.addSql(`drop sequence if exists "calendar_revision";`);
    this.addSql(`drop table if exists "calendar_feed_tokens" cascade;`);

    this.addSql(`alter table "holidays" drop column "revision";`);

    this.addSql(`alter table "rota_days" drop column "revision";`);
  }

}
