import { Migration } from '@mikro-orm/migrations';

/**
 * Duties as the school defines them (issue 41): the weekdays a duty runs on with the people it
 * needs each of them (`duty_weekdays`; the Duty Manager duty has none, its need is the settings'
 * duty managers per day), the staff groups and people a duty is for when it lists them
 * (`duty_eligibility`), a deleted duty kept for its past (`duties.archived_at`) with its name free
 * again (`name_key`: the name lower-cased while the duty stands, unique per organisation), and the
 * school's daily rules (`system_settings.max_duties_per_day`, `all_day_duties_count`).
 * The slot limit trigger now reads each duty's own need for the slot's weekday (none on a weekday
 * it doesn't run), the Duty Manager duty keeping the duty managers per day; it also fires when a
 * slot changes duty or date.
 */
export class Migration20261129094000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "duty_weekdays" ("duty_id" uuid not null, "weekday" smallint not null, "organization_id" uuid not null, "people" smallint not null, primary key ("duty_id", "weekday"));`,
    );
    this.addSql(`create index "duty_weekdays_organization_id_index" on "duty_weekdays" ("organization_id");`);
    this.addSql(
      `alter table "duty_weekdays" add constraint "duty_weekdays_duty_id_foreign" foreign key ("duty_id") references "duties" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "duty_weekdays" add constraint "duty_weekdays_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(`alter table "duty_weekdays" add constraint "duty_weekdays_people_range" check (people >= 1 and people <= 10);`);
    this.addSql(`alter table "duty_weekdays" add constraint "duty_weekdays_weekday_range" check (weekday >= 1 and weekday <= 5);`);

    this.addSql(
      `create table "duty_eligibility" ("id" uuid not null, "organization_id" uuid not null, "duty_id" uuid not null, "staff_group_id" uuid null, "staff_id" uuid null, primary key ("id"));`,
    );
    this.addSql(`create index "duty_eligibility_organization_id_index" on "duty_eligibility" ("organization_id");`);
    this.addSql(`alter table "duty_eligibility" add constraint "duty_eligibility_duty_staff_unique" unique ("duty_id", "staff_id");`);
    this.addSql(`alter table "duty_eligibility" add constraint "duty_eligibility_duty_group_unique" unique ("duty_id", "staff_group_id");`);
    this.addSql(
      `alter table "duty_eligibility" add constraint "duty_eligibility_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "duty_eligibility" add constraint "duty_eligibility_duty_id_foreign" foreign key ("duty_id") references "duties" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "duty_eligibility" add constraint "duty_eligibility_staff_group_id_foreign" foreign key ("staff_group_id") references "staff_groups" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "duty_eligibility" add constraint "duty_eligibility_staff_id_foreign" foreign key ("staff_id") references "staff" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "duty_eligibility" add constraint "duty_eligibility_group_or_staff" check (num_nonnulls(staff_group_id, staff_id) = 1);`,
    );

    this.addSql(`alter table "duties" add "name_key" varchar(100) null, add "archived_at" timestamptz null;`);
    // With the table's triggers off: no calendar feed's revision moves for a column no feed shows.
    this.addSql(`alter table "duties" disable trigger user;`);
    this.addSql(`update duties set name_key = lower(name);`);
    this.addSql(`alter table "duties" enable trigger user;`);
    this.addSql(`alter table "duties" add constraint "duties_name_unique" unique ("organization_id", "name_key");`);
    this.addSql(`alter table "duties" drop constraint "duties_duty_manager_all_day_running";`);
    this.addSql(
      `alter table "duties" add constraint "duties_duty_manager_all_day_running" check (is_duty_manager is null or (start_time is null and not paused and archived_at is null));`,
    );
    // A new organisation's Duty Manager duty holds its name's key too.
    this.addSql(`create or replace function organizations_duty_manager_duty() returns trigger language plpgsql as $$
      begin
        insert into duties (id, organization_id, is_duty_manager, name, name_key, weight, pairs_teaching)
        values (gen_random_uuid(), new.id, true, 'Duty Manager', 'duty manager', 60, true)
        on conflict (organization_id, is_duty_manager) do nothing;
        return null;
      end $$;`);

    this.addSql(
      `alter table "system_settings" add "max_duties_per_day" smallint not null default 1, add "all_day_duties_count" boolean not null default true;`,
    );
    this.addSql(
      `alter table "system_settings" add constraint "system_settings_max_duties_per_day_range" check (max_duties_per_day >= 1 and max_duties_per_day <= 5);`,
    );

    // No day holds more people on a duty than it needs that weekday, whatever writes it: the Duty
    // Manager duty the duty managers per day, another duty its row of duty_weekdays (none: 0).
    this.addSql(`drop trigger if exists rota_slots_within_limit on "rota_slots";`);
    this.addSql(`create or replace function rota_slots_within_limit() returns trigger language plpgsql as $$
      declare
        duty_manager boolean;
      begin
        select coalesce(d.is_duty_manager, false) into duty_manager from duties d where d.id = new.duty_id and d.organization_id = new.organization_id;
        if duty_manager then
          if new.position > coalesce((select duty_managers_per_day from system_settings where organization_id = new.organization_id), 2) then
            raise exception 'rota_slots_within_limit: slot % is beyond the duty managers per day', new.position using errcode = '23514';
          end if;
        elsif new.position > coalesce((select w.people from duty_weekdays w
                                        where w.duty_id = new.duty_id and w.organization_id = new.organization_id
                                          and w.weekday = extract(isodow from new.date)), 0) then
          raise exception 'rota_slots_within_limit: slot % is beyond the people the duty needs that day', new.position using errcode = '23514';
        end if;
        return new;
      end $$;`);
    this.addSql(
      `create trigger rota_slots_within_limit before insert or update of position, organization_id, duty_id, date on "rota_slots" for each row execute function rota_slots_within_limit();`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists rota_slots_within_limit on "rota_slots";`);
    this.addSql(`create or replace function rota_slots_within_limit() returns trigger language plpgsql as $$
      begin
        if new.position > coalesce((select duty_managers_per_day from system_settings where organization_id = new.organization_id), 2) then
          raise exception 'rota_slots_within_limit: slot % is beyond the duty managers per day', new.position using errcode = '23514';
        end if;
        return new;
      end $$;`);
    this.addSql(
      `create trigger rota_slots_within_limit before insert or update of position, organization_id on "rota_slots" for each row execute function rota_slots_within_limit();`,
    );

    this.addSql(`alter table "system_settings" drop constraint "system_settings_max_duties_per_day_range";`);
    this.addSql(`alter table "system_settings" drop column "max_duties_per_day", drop column "all_day_duties_count";`);

    this.addSql(`create or replace function organizations_duty_manager_duty() returns trigger language plpgsql as $$
      begin
        insert into duties (id, organization_id, is_duty_manager, name, weight, pairs_teaching)
        values (gen_random_uuid(), new.id, true, 'Duty Manager', 60, true)
        on conflict (organization_id, is_duty_manager) do nothing;
        return null;
      end $$;`);
    this.addSql(`alter table "duties" drop constraint "duties_duty_manager_all_day_running";`);
    this.addSql(
      `alter table "duties" add constraint "duties_duty_manager_all_day_running" check (is_duty_manager is null or (start_time is null and not paused));`,
    );
    this.addSql(`alter table "duties" drop constraint "duties_name_unique";`);
    this.addSql(`alter table "duties" drop column "name_key", drop column "archived_at";`);

    this.addSql(`drop table if exists "duty_eligibility" cascade;`);
    this.addSql(`drop table if exists "duty_weekdays" cascade;`);
  }
}
