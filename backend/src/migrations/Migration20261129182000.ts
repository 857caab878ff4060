import { Migration } from '@mikro-orm/migrations';

/**
 * Pinned duties (issue 43, docs/product.md#pinned-duties): a slot an approved swap, an accepted
 * cover, a hand edit or an override put its person in is pinned (`rota_slots.pinned`, with why in
 * `pinned_reason`); no bulk tool, engine run or repair moves it until an admin or manager unpins it.
 */
export class Migration20261129182000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "rota_slots" add "pinned" boolean not null default false, add "pinned_reason" text null;`);
    this.addSql(
      `alter table "rota_slots" add constraint "rota_slots_pinned_reason_check" check (pinned_reason is null or pinned_reason in ('swap', 'cover', 'hand', 'override'));`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "rota_slots" drop constraint if exists "rota_slots_pinned_reason_check";`);
    this.addSql(`alter table "rota_slots" drop column "pinned", drop column "pinned_reason";`);
  }
}
