import { Migration } from '@mikro-orm/migrations';

/**
 * The duties a school runs (issue 41): `duties`, with the Duty Manager duty every organisation
 * has. The database gives it to each existing organisation here and to every new one as it is
 * inserted (`organizations_duty_manager_duty`), whoever inserts it: sign-up, a test, an import.
 * Its people per day and its teaching mix stay the settings' `duty_managers_per_day` and
 * `mix_mode`; it runs all day and can't be paused (`duties_duty_manager_all_day_running`).
 */
export class Migration20261129052400 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "duties" ("id" uuid not null, "organization_id" uuid not null, "is_duty_manager" boolean null, "name" varchar(100) not null, "place" varchar(100) null, "description" text not null default '', "start_time" varchar(5) null, "end_time" varchar(5) null, "weight" smallint not null, "eligible" text not null default 'everyone', "pairs_teaching" boolean not null default false, "sort_order" int not null default 0, "paused" boolean not null default false, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), primary key ("id"));`,
    );
    this.addSql(`create index "duties_organization_id_index" on "duties" ("organization_id");`);
    this.addSql(`alter table "duties" add constraint "duties_one_duty_manager" unique ("organization_id", "is_duty_manager");`);
    this.addSql(
      `alter table "duties" add constraint "duties_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "duties" add constraint "duties_duty_manager_all_day_running" check (is_duty_manager is null or (start_time is null and not paused));`,
    );
    this.addSql(`alter table "duties" add constraint "duties_weight_range" check (weight >= 1 and weight <= 600);`);
    this.addSql(
      `alter table "duties" add constraint "duties_times_together_in_order" check ((start_time is null and end_time is null) or (start_time is not null and end_time is not null and start_time < end_time));`,
    );
    this.addSql(
      `alter table "duties" add constraint "duties_times_format" check ((start_time is null or start_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$') and (end_time is null or end_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'));`,
    );
    this.addSql(`alter table "duties" add constraint "duties_is_duty_manager_true_or_null" check (is_duty_manager is null or is_duty_manager);`);
    this.addSql(
      `alter table "duties" add constraint "duties_eligible_check" check ("eligible" in ('everyone', 'teaching', 'non_teaching', 'listed'));`,
    );

    // The Duty Manager duty: weight 60 (a duty, not its minutes, is what the duty managers' fairness counts), the mix applies.
    this.addSql(`create function organizations_duty_manager_duty() returns trigger language plpgsql as $$
      begin
        insert into duties (id, organization_id, is_duty_manager, name, weight, pairs_teaching)
        values (gen_random_uuid(), new.id, true, 'Duty Manager', 60, true)
        on conflict (organization_id, is_duty_manager) do nothing;
        return null;
      end $$;`);
    this.addSql(
      `create trigger organizations_duty_manager_duty after insert on "organizations" for each row execute function organizations_duty_manager_duty();`,
    );
    this.addSql(`insert into duties (id, organization_id, is_duty_manager, name, weight, pairs_teaching)
      select gen_random_uuid(), id, true, 'Duty Manager', 60, true from organizations;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists organizations_duty_manager_duty on "organizations";`);
    this.addSql(`drop function if exists organizations_duty_manager_duty();`);
    this.addSql(`drop table if exists "duties" cascade;`);
  }
}
