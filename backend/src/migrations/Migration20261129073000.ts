import { Migration } from '@mikro-orm/migrations';

/**
 * A cancellation is of a duty (issue 41): `cancel_requests.duty_id`. Every request and removal
 * record there is belongs to its organisation's Duty Manager duty, and so does every one written
 * without a duty (`cancel_requests_duty_manager_by_default`), so a school that adds no duty asks,
 * decides and reads its cancellations as before. An approved cancellation keeps its person off
 * that duty on that day, not off the others. Calendar feeds name the duty their events are of, so
 * a change of a duty moves the organisation's feed revision, as a change of the other tables they
 * read does.
 */
export class Migration20261129073000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "cancel_requests" add "duty_id" uuid null;`);
    this.addSql(`update cancel_requests r set duty_id = d.id from duties d where d.organization_id = r.organization_id and d.is_duty_manager;`);
    this.addSql(`alter table "cancel_requests" alter column "duty_id" set not null;`);
    this.addSql(
      `alter table "cancel_requests" add constraint "cancel_requests_duty_id_foreign" foreign key ("duty_id") references "duties" ("id") on update cascade on delete no action;`,
    );
    this.addSql(`create function cancel_requests_duty_manager_by_default() returns trigger language plpgsql as $$
      begin
        select id into new.duty_id from duties where organization_id = new.organization_id and is_duty_manager;
        return new;
      end $$;`);
    this.addSql(
      `create trigger cancel_requests_duty_manager_by_default before insert on "cancel_requests" for each row when (new.duty_id is null) execute function cancel_requests_duty_manager_by_default();`,
    );
    this.addSql(
      `create constraint trigger calendar_feed_revision after insert or update or delete on "duties" deferrable initially deferred for each row execute function calendar_feed_changed();`,
    );
    this.addSql(
      `create trigger calendar_feed_revision_truncate after truncate on "duties" for each statement execute function calendar_feed_truncated();`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists calendar_feed_revision on "duties";`);
    this.addSql(`drop trigger if exists calendar_feed_revision_truncate on "duties";`);
    this.addSql(`drop trigger if exists cancel_requests_duty_manager_by_default on "cancel_requests";`);
    this.addSql(`drop function if exists cancel_requests_duty_manager_by_default();`);
    this.addSql(`alter table "cancel_requests" drop constraint "cancel_requests_duty_id_foreign";`);
    this.addSql(`alter table "cancel_requests" drop column "duty_id";`);
  }
}
