import { Migration } from '@mikro-orm/migrations';

/**
 * Drafts (issue 43, docs/product.md#drafts): a plan of a period kept apart from the rota
 * (`rota_drafts`) and its people (`draft_slots`, shaped as `rota_slots`), which no rota read, feed,
 * reminder or email sees until the draft is published.
 */
export class Migration20261129183000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "rota_drafts" ("id" uuid not null, "organization_id" uuid not null, "name" varchar(100) not null, "start_date" date not null, "end_date" date not null, "duty_ids" jsonb null, "created_by" uuid not null, "created_at" timestamptz not null default now(), "published_at" timestamptz null, "discarded" boolean not null default false, primary key ("id"));`,
    );
    this.addSql(`create index "rota_drafts_organization_id_index" on "rota_drafts" ("organization_id");`);
    this.addSql(`create index "rota_drafts_organization_id_start_date_index" on "rota_drafts" ("organization_id", "start_date");`);
    this.addSql(
      `alter table "rota_drafts" add constraint "rota_drafts_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `create table "draft_slots" ("id" uuid not null, "organization_id" uuid not null, "draft_id" uuid not null, "duty_id" uuid not null, "date" date not null, "position" smallint not null, "staff_id" uuid not null, primary key ("id"));`,
    );
    this.addSql(`create index "draft_slots_organization_id_index" on "draft_slots" ("organization_id");`);
    this.addSql(`create index "draft_slots_organization_id_draft_id_index" on "draft_slots" ("organization_id", "draft_id");`);
    this.addSql(`alter table "draft_slots" add constraint "draft_slots_staff_unique" unique ("draft_id", "duty_id", "date", "staff_id");`);
    this.addSql(`alter table "draft_slots" add constraint "draft_slots_position_unique" unique ("draft_id", "duty_id", "date", "position");`);
    this.addSql(
      `alter table "draft_slots" add constraint "draft_slots_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "draft_slots" add constraint "draft_slots_draft_id_foreign" foreign key ("draft_id") references "rota_drafts" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "draft_slots" add constraint "draft_slots_duty_id_foreign" foreign key ("duty_id") references "duties" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "draft_slots" add constraint "draft_slots_staff_id_foreign" foreign key ("staff_id") references "staff" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(`alter table "draft_slots" add constraint "draft_slots_position_range" check (position >= 1 and position <= 10);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "draft_slots";`);
    this.addSql(`drop table if exists "rota_drafts";`);
  }
}
