import { Migration } from '@mikro-orm/migrations';

/**
 * A swap is of a duty (issue 42): `swap_requests.duty_id`, the requester's duty, and
 * `swap_duty_id`, the target's duty a trade gives back (the same duty for a cover). Every request
 * there is belongs to its organisation's Duty Manager duty, and so does every one written without
 * a duty (`swap_requests_duties_by_default`), so a school that adds no duty asks, answers and
 * decides its swaps as before.
 */
export class Migration20261129154000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "swap_requests" add "duty_id" uuid null, add "swap_duty_id" uuid null;`);
    this.addSql(
      `update swap_requests r set duty_id = d.id, swap_duty_id = d.id from duties d where d.organization_id = r.organization_id and d.is_duty_manager;`,
    );
    this.addSql(`alter table "swap_requests" alter column "duty_id" set not null, alter column "swap_duty_id" set not null;`);
    this.addSql(
      `alter table "swap_requests" add constraint "swap_requests_duty_id_foreign" foreign key ("duty_id") references "duties" ("id") on update cascade on delete no action;`,
    );
    this.addSql(
      `alter table "swap_requests" add constraint "swap_requests_swap_duty_id_foreign" foreign key ("swap_duty_id") references "duties" ("id") on update cascade on delete no action;`,
    );
    this.addSql(`create function swap_requests_duties_by_default() returns trigger language plpgsql as $$
      begin
        if new.duty_id is null then
          select id into new.duty_id from duties where organization_id = new.organization_id and is_duty_manager;
        end if;
        if new.swap_duty_id is null then
          new.swap_duty_id := new.duty_id;
        end if;
        return new;
      end $$;`);
    this.addSql(
      `create trigger swap_requests_duties_by_default before insert on "swap_requests" for each row when (new.duty_id is null or new.swap_duty_id is null) execute function swap_requests_duties_by_default();`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists swap_requests_duties_by_default on "swap_requests";`);
    this.addSql(`drop function if exists swap_requests_duties_by_default();`);
    this.addSql(`alter table "swap_requests" drop constraint "swap_requests_duty_id_foreign";`);
    this.addSql(`alter table "swap_requests" drop constraint "swap_requests_swap_duty_id_foreign";`);
    this.addSql(`alter table "swap_requests" drop column "duty_id", drop column "swap_duty_id";`);
  }
}
