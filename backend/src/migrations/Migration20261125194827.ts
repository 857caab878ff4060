import { Migration } from '@mikro-orm/migrations';

export class Migration20261125194827 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "terms" ("id" uuid not null, "organization_id" uuid not null, "academic_year" int not null, "name" text check ("name" in ('autumn', 'spring', 'summer')) not null, "start_date" date not null, "end_date" date not null, "half_term_start" date null, "half_term_end" date null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), constraint "terms_pkey" primary key ("id"), constraint terms_half_term_inside check ((half_term_start is null and half_term_end is null) or (half_term_start is not null and half_term_end is not null and half_term_start >= start_date and half_term_end >= half_term_start and half_term_end <= end_date)), constraint terms_dates_in_order check (end_date >= start_date));`);
    this.addSql(`create index "terms_organization_id_index" on "terms" ("organization_id");`);
    this.addSql(`alter table "terms" add constraint "terms_organization_year_name_unique" unique ("organization_id", "academic_year", "name");`);

    this.addSql(`alter table "terms" add constraint "terms_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "terms" cascade;`);
  }

}
