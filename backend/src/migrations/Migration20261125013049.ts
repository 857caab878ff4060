import { Migration } from '@mikro-orm/migrations';

export class Migration20261125013049 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "outbox_emails" add column "contains_access_link" boolean not null default false, add column "body_removed_at" timestamptz null;`);

    // The emails queued before the flag existed: the three kinds that carried a one-time link are
    // marked, and those already sent, simulated or given up lose their body now, as new ones do
    // when they are sent (outbox.worker.ts). Pending ones keep it until they go out.
    this.addSql(`update "outbox_emails" set "contains_access_link" = true where "kind" in ('email-verification', 'password-reset', 'invitation');`);
    this.addSql(`update "outbox_emails"
      set "html" = '[Removed once sent: this email contained a link that grants access to an account.]',
          "text" = '[Removed once sent: this email contained a link that grants access to an account.]',
          "attachments" = null, "body_removed_at" = now()
      where "contains_access_link" and "status" in ('sent', 'simulated', 'failed');`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "outbox_emails" drop column "contains_access_link", drop column "body_removed_at";`);
  }

}
