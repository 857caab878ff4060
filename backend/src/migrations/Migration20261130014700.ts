import { Migration } from '@mikro-orm/migrations';

/**
 * Deleting an organisation (issue 44, docs/security.md "Deleting an organisation"): when an admin
 * asked for it, when its 30 days' grace end (the purge deletes it then) and who asked. Empty when
 * no deletion is pending. The session statement reads `deletion_due_at` with the organisation, so
 * the read-only check during the grace period costs no statement of its own.
 */
export class Migration20261130014700 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "organizations" add column "deletion_requested_at" timestamptz null, add column "deletion_due_at" timestamptz null, add column "deletion_requested_by" uuid null;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(
      `alter table "organizations" drop column "deletion_requested_at", drop column "deletion_due_at", drop column "deletion_requested_by";`,
    );
  }
}
