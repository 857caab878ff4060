import { Migration } from '@mikro-orm/migrations';

/**
 * Calendar feeds read `wet_days` (a duty is at its wet-weather post on a day marked wet), so a
 * mark moves the organisation's calendar_feed_revisions counter like every table a feed reads
 * (Migration20261126044700): the feeds' ETag changes and calendars fetch the new posts.
 */
export class Migration20261130171700 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create constraint trigger calendar_feed_revision after insert or update or delete on "wet_days" deferrable initially deferred for each row execute function calendar_feed_changed();`,
    );
    this.addSql(
      `create trigger calendar_feed_revision_truncate after truncate on "wet_days" for each statement execute function calendar_feed_truncated();`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists calendar_feed_revision on "wet_days";`);
    this.addSql(`drop trigger if exists calendar_feed_revision_truncate on "wet_days";`);
  }
}
