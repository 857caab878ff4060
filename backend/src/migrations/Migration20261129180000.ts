import { Migration } from '@mikro-orm/migrations';

/**
 * Repairs that keep the rota fair (issue 43, docs/product.md#the-rota-stays-true): whether a repair
 * after a change of facts rebalances (`keep_fairness`, default true) or only fills gaps, and the
 * school days after today it leaves alone (`frozen_school_days`, 0–20, default 5).
 */
export class Migration20261129180000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "system_settings" add "keep_fairness" boolean not null default true, add "frozen_school_days" smallint not null default 5;`);
    this.addSql(
      `alter table "system_settings" add constraint system_settings_frozen_school_days_range check (frozen_school_days >= 0 and frozen_school_days <= 20);`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "system_settings" drop constraint system_settings_frozen_school_days_range;`);
    this.addSql(`alter table "system_settings" drop column "keep_fairness", drop column "frozen_school_days";`);
  }
}
