import { Migration } from '@mikro-orm/migrations';

export class Migration20261121045724 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "rota_days" ("id" uuid not null, "organization_id" uuid not null, "date" date not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), constraint "rota_days_pkey" primary key ("id"));`);
    this.addSql(`create index "rota_days_organization_id_index" on "rota_days" ("organization_id");`);
    this.addSql(`alter table "rota_days" add constraint "rota_days_organization_id_date_unique" unique ("organization_id", "date");`);

    this.addSql(`create table "system_settings" ("id" uuid not null, "organization_id" uuid not null, "duty_managers_per_day" smallint not null default 2, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), constraint "system_settings_pkey" primary key ("id"), constraint system_settings_duty_managers_per_day_range check (duty_managers_per_day >= 1 and duty_managers_per_day <= 5));`);
    this.addSql(`create index "system_settings_organization_id_index" on "system_settings" ("organization_id");`);
    this.addSql(`alter table "system_settings" add constraint "system_settings_organization_id_unique" unique ("organization_id");`);

    this.addSql(`create table "rota_slots" ("id" uuid not null, "organization_id" uuid not null, "rota_day_id" uuid not null, "date" date not null, "position" smallint not null, "staff_id" uuid not null, "created_at" timestamptz not null default now(), constraint "rota_slots_pkey" primary key ("id"), constraint rota_slots_position_range check (position >= 1 and position <= 5));`);
    this.addSql(`create index "rota_slots_organization_id_index" on "rota_slots" ("organization_id");`);
    this.addSql(`create index "rota_slots_organization_id_staff_id_date_index" on "rota_slots" ("organization_id", "staff_id", "date");`);
    this.addSql(`create index "rota_slots_organization_id_date_index" on "rota_slots" ("organization_id", "date");`);
    this.addSql(`alter table "rota_slots" add constraint "rota_slots_day_staff_unique" unique ("rota_day_id", "staff_id");`);
    this.addSql(`alter table "rota_slots" add constraint "rota_slots_day_position_unique" unique ("rota_day_id", "position");`);

    this.addSql(`alter table "rota_days" add constraint "rota_days_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "system_settings" add constraint "system_settings_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "rota_slots" add constraint "rota_slots_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "rota_slots" add constraint "rota_slots_rota_day_id_foreign" foreign key ("rota_day_id") references "rota_days" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "rota_slots" add constraint "rota_slots_staff_id_foreign" foreign key ("staff_id") references "staff" ("id") on update cascade on delete restrict;`);

    // Every existing organisation gets its settings row (new ones get it on first use).
    this.addSql(`insert into "system_settings" ("id", "organization_id") select gen_random_uuid(), "id" from "organizations" on conflict do nothing;`);

    // No day holds more people than the organisation's duty managers per day, whatever writes it.
    this.addSql(`create function rota_slots_within_limit() returns trigger language plpgsql as $$
      begin
        if new.position > coalesce((select duty_managers_per_day from system_settings where organization_id = new.organization_id), 2) then
          raise exception 'rota_slots_within_limit: slot % is beyond the duty managers per day', new.position using errcode = '23514';
        end if;
        return new;
      end $$;`);
    this.addSql(`create trigger rota_slots_within_limit before insert or update of position, organization_id on "rota_slots" for each row execute function rota_slots_within_limit();`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists rota_slots_within_limit on "rota_slots";`);
    this.addSql(`drop function if exists rota_slots_within_limit();`);
    this.addSql(`alter table "rota_slots" drop constraint "rota_slots_rota_day_id_foreign";`);

    this.addSql(`drop table if exists "rota_days" cascade;`);

    this.addSql(`drop table if exists "system_settings" cascade;`);

    this.addSql(`drop table if exists "rota_slots" cascade;`);
  }

}
