import { Migration } from '@mikro-orm/migrations';

export class Migration20261125220725 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "staff" add column "working_days" smallint[] not null default '{1,2,3,4,5}', add column "fte" numeric(3,2) null, add column "weekly_cap" smallint null, add column "avoid_days" smallint[] not null default '{}';`);
    this.addSql(`alter table "staff" add constraint staff_avoid_days_worked check(avoid_days <@ working_days and cardinality(avoid_days) < cardinality(working_days));`);
    this.addSql(`alter table "staff" add constraint staff_weekly_cap_range check(weekly_cap >= 1 and weekly_cap <= 5);`);
    this.addSql(`alter table "staff" add constraint staff_fte_range check(fte > 0 and fte <= 1);`);
    this.addSql(`alter table "staff" add constraint staff_working_days_weekdays check(cardinality(working_days) >= 1 and working_days <@ '{1,2,3,4,5}'::smallint[]);`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "staff" drop constraint staff_avoid_days_worked;`);
    this.addSql(`alter table "staff" drop constraint staff_weekly_cap_range;`);
    this.addSql(`alter table "staff" drop constraint staff_fte_range;`);
    this.addSql(`alter table "staff" drop constraint staff_working_days_weekdays;`);
    this.addSql(`alter table "staff" drop column "working_days", drop column "fte", drop column "weekly_cap", drop column "avoid_days";`);
  }

}
