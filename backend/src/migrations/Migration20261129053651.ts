import { Migration } from '@mikro-orm/migrations';

/**
 * Staff groups (issue 41): the admin names groups such as "SLT" or "First aiders" and puts people
 * in them; who may take a duty can name them. A name is unique in an organisation whatever its
 * case (`name_key`, the name lower-cased). Members leave with their group or their staff record.
 */
export class Migration20261129053651 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "staff_groups" ("id" uuid not null, "organization_id" uuid not null, "name" varchar(60) not null, "name_key" varchar(60) not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), primary key ("id"));`,
    );
    this.addSql(`create index "staff_groups_organization_id_index" on "staff_groups" ("organization_id");`);
    this.addSql(`alter table "staff_groups" add constraint "staff_groups_name_unique" unique ("organization_id", "name_key");`);

    this.addSql(
      `create table "staff_group_members" ("group_id" uuid not null, "staff_id" uuid not null, "organization_id" uuid not null, primary key ("group_id", "staff_id"));`,
    );
    this.addSql(`create index "staff_group_members_organization_id_index" on "staff_group_members" ("organization_id");`);
    this.addSql(`create index "staff_group_members_staff_index" on "staff_group_members" ("organization_id", "staff_id");`);

    this.addSql(
      `alter table "staff_groups" add constraint "staff_groups_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "staff_group_members" add constraint "staff_group_members_group_id_foreign" foreign key ("group_id") references "staff_groups" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "staff_group_members" add constraint "staff_group_members_staff_id_foreign" foreign key ("staff_id") references "staff" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "staff_group_members" add constraint "staff_group_members_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "staff_group_members" cascade;`);
    this.addSql(`drop table if exists "staff_groups" cascade;`);
  }
}
