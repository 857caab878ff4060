import { Migration } from '@mikro-orm/migrations';

/**
 * A slot is of a duty (issue 41): `rota_slots.duty_id`. Every slot there is belongs to its
 * organisation's Duty Manager duty, and so does every slot written without a duty
 * (`rota_slots_duty_manager_by_default`): a school that adds no duty writes and reads its rota as
 * before. The backfill runs with the table's triggers off, so no rota day's revision or last
 * change and no calendar feed's revision moves: the same rota, the same feeds and ETags. A slot
 * and a person are unique per day and duty (the constraints keep their names, which the API's
 * conflicts are read from).
 */
export class Migration20261129060102 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "rota_slots" add "duty_id" uuid null;`);
    this.addSql(`alter table "rota_slots" disable trigger user;`);
    this.addSql(`update rota_slots s set duty_id = d.id from duties d where d.organization_id = s.organization_id and d.is_duty_manager;`);
    this.addSql(`alter table "rota_slots" enable trigger user;`);
    this.addSql(`alter table "rota_slots" alter column "duty_id" set not null;`);
    this.addSql(
      `alter table "rota_slots" add constraint "rota_slots_duty_id_foreign" foreign key ("duty_id") references "duties" ("id") on update cascade on delete no action;`,
    );
    this.addSql(`alter table "rota_slots" drop constraint "rota_slots_day_staff_unique";`);
    this.addSql(`alter table "rota_slots" add constraint "rota_slots_day_staff_unique" unique ("rota_day_id", "duty_id", "staff_id");`);
    this.addSql(`alter table "rota_slots" drop constraint "rota_slots_day_position_unique";`);
    this.addSql(`alter table "rota_slots" add constraint "rota_slots_day_position_unique" unique ("rota_day_id", "duty_id", "position");`);
    this.addSql(`create function rota_slots_duty_manager_by_default() returns trigger language plpgsql as $$
      begin
        select id into new.duty_id from duties where organization_id = new.organization_id and is_duty_manager;
        return new;
      end $$;`);
    this.addSql(
      `create trigger rota_slots_duty_manager_by_default before insert on "rota_slots" for each row when (new.duty_id is null) execute function rota_slots_duty_manager_by_default();`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists rota_slots_duty_manager_by_default on "rota_slots";`);
    this.addSql(`drop function if exists rota_slots_duty_manager_by_default();`);
    this.addSql(`alter table "rota_slots" drop constraint "rota_slots_day_position_unique";`);
    this.addSql(`alter table "rota_slots" add constraint "rota_slots_day_position_unique" unique ("rota_day_id", "position");`);
    this.addSql(`alter table "rota_slots" drop constraint "rota_slots_day_staff_unique";`);
    this.addSql(`alter table "rota_slots" add constraint "rota_slots_day_staff_unique" unique ("rota_day_id", "staff_id");`);
    this.addSql(`alter table "rota_slots" drop constraint "rota_slots_duty_id_foreign";`);
    this.addSql(`alter table "rota_slots" drop column "duty_id";`);
  }
}
