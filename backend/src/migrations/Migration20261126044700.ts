import { Migration } from '@mikro-orm/migrations';

/** The tables a calendar feed's content is read from (CalendarService.feed); each bumps the revision. */
const FEED_TABLES = ['rota_days', 'rota_slots', 'staff', 'holidays'] as const;

/**
 * calendar_feed_revisions: one counter per organisation that moves whenever anything a calendar
 * feed shows may have changed, so the feeds' ETag comes from one indexed row instead of the feed.
 *
 * The counter is bumped by triggers, not by the services, so that every write path — the ORM,
 * raw SQL (the rota's fill and reshuffle), a data fix in psql, future code — is covered. They are
 * deferred constraint triggers: the bump happens once per organisation per transaction, at commit,
 * after the transaction has taken every other lock it needs, so the counter's row lock is held for
 * the commit only and cannot make a deadlock with the rows the transaction locks on its way (a
 * statement trigger would lock the counter at the first write and hold it while the transaction
 * goes on to lock other days). A transaction-local setting remembers that an organisation was
 * bumped, so a statement that writes a year of slots costs one counter update, like one more
 * foreign-key check per row.
 */
export class Migration20261126044700 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "calendar_feed_revisions" ("organization_id" uuid not null, "revision" bigint not null default 0, constraint "calendar_feed_revisions_pkey" primary key ("organization_id"));`);
    this.addSql(`alter table "calendar_feed_revisions" add constraint "calendar_feed_revisions_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`);

    this.addSql(`create function calendar_feed_revision_bump(org uuid) returns void language plpgsql as $$
      declare
        bumped text := 'calendar_feed.bumped_' || replace(org::text, '-', '');
      begin
        if org is null or current_setting(bumped, true) = 'y' then return; end if;
        perform set_config(bumped, 'y', true);
        -- An organisation deleted in the same transaction has no counter to keep.
        insert into calendar_feed_revisions (organization_id, revision)
        select id, 1 from organizations where id = org
        on conflict (organization_id) do update set revision = calendar_feed_revisions.revision + 1;
      end $$;`);
    this.addSql(`create function calendar_feed_changed() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'INSERT' then perform calendar_feed_revision_bump(old.organization_id); end if;
        if tg_op <> 'DELETE' then perform calendar_feed_revision_bump(new.organization_id); end if;
        return null;
      end $$;`);
    // TRUNCATE fires no row triggers: every organisation's feeds may have changed.
    this.addSql(`create function calendar_feed_truncated() returns trigger language plpgsql as $$
      begin
        update calendar_feed_revisions set revision = revision + 1;
        return null;
      end $$;`);
    for (const table of FEED_TABLES) {
      this.addSql(`create constraint trigger calendar_feed_revision after insert or update or delete on "${table}" deferrable initially deferred for each row execute function calendar_feed_changed();`);
      this.addSql(`create trigger calendar_feed_revision_truncate after truncate on "${table}" for each statement execute function calendar_feed_truncated();`);
    }
  }

  override async down(): Promise<void> {
    for (const table of FEED_TABLES) {
      this.addSql(`drop trigger if exists calendar_feed_revision on "${table}";`);
      this.addSql(`drop trigger if exists calendar_feed_revision_truncate on "${table}";`);
    }
    this.addSql(`drop function if exists calendar_feed_truncated();`);
    this.addSql(`drop function if exists calendar_feed_changed();`);
    this.addSql(`drop function if exists calendar_feed_revision_bump(uuid);`);
    this.addSql(`drop table if exists "calendar_feed_revisions" cascade;`);
  }

}
