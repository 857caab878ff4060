import { Migration } from '@mikro-orm/migrations';

/**
 * Leavers' data (issue 44, docs/security.md#retention-and-erasure): when someone left
 * (`staff.deactivated_at`; an inactive record gets its last change as the best date there is),
 * when their personal data was erased (`staff.anonymised_at`), and how many months after
 * leaving the school keeps it (`system_settings.leaver_retention_months`, 1–120, default 12).
 */
export class Migration20261130011700 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "staff" add column "deactivated_at" timestamptz null, add column "anonymised_at" timestamptz null;`);
    this.addSql(`update "staff" set "deactivated_at" = "updated_at" where not "is_active";`);
    this.addSql(`alter table "system_settings" add column "leaver_retention_months" smallint not null default 12;`);
    this.addSql(
      `alter table "system_settings" add constraint "system_settings_leaver_retention_months_range" check (leaver_retention_months >= 1 and leaver_retention_months <= 120);`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "system_settings" drop constraint if exists "system_settings_leaver_retention_months_range";`);
    this.addSql(`alter table "system_settings" drop column if exists "leaver_retention_months";`);
    this.addSql(`alter table "staff" drop column if exists "deactivated_at", drop column if exists "anonymised_at";`);
  }
}
