import { MikroORM } from '@mikro-orm/core';
import type { PostgreSqlDriver } from '@mikro-orm/postgresql';
import { ClsServiceManager } from 'nestjs-cls';
import { OutboxWorker } from '../src/modules/mail/outbox.worker';
import { bearer, registerOrganization } from './support/accounts';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * How many SQL statements one fact change runs (FactChangesService.change): a holiday added over
 * planned duties, and a deactivation whose duties are refilled, on six staff and two weeks of
 * rota. Printed, not asserted, with the reads the repair repeats tallied (closures, availability,
 * rota rules, prior duties, the staff roster), to compare before and after a change to the repair.
 */
describe('statements of one fact change', () => {
  let t: TestApp;
  let seen: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({ env: { APP_NOW: '2025-09-08T09:00' } });
    const config = (t.get(MikroORM) as MikroORM<PostgreSqlDriver>).config;
    const onQuery = config.get('onQuery');
    config.set('onQuery', (query, params) => {
      if (ClsServiceManager.getClsService().isActive()) seen.push(query);
      return onQuery(query, params);
    });
  });
  afterAll(() => t.close());

  /** Six staff and two weeks planned by hand, two people a day; the admin and the staff ids. */
  async function school() {
    const admin = await registerOrganization(t);
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await t.http().post('/api/staff').set(...bearer(admin.token))
        .send({ name: `Person ${i}`, email: `p${i}-${admin.subdomain}@example.com`, isTeaching: i % 2 === 0 }).expect(201);
      ids.push(res.body.id);
    }
    const days = ['2025-09-29', '2025-09-30', '2025-10-01', '2025-10-02', '2025-10-03', '2025-10-06', '2025-10-07', '2025-10-08', '2025-10-09', '2025-10-10'];
    for (const [i, date] of days.entries()) {
      await t.http().post('/api/rota').set(...bearer(admin.token)).send({ date, slots: [ids[i % 6], ids[(i + 3) % 6]] }).expect(201);
    }
    return { admin, ids };
  }

  /** The statements `change` runs, tallied by what they read, printed with the statements. */
  async function measure(label: string, change: () => Promise<{ body: { rotaChange: { removedDuties: number } } }>) {
    await t.get(OutboxWorker).finishSending();
    seen = [];
    const res = await change();
    const statements = seen;
    seen = [];
    expect(res.body.rotaChange.removedDuties).toBeGreaterThan(0);
    const tally = (pattern: RegExp) => statements.filter((s) => pattern.test(s)).length;
    const summary = {
      label,
      total: statements.length,
      closures: tally(/from "?(holidays|terms)"? /),
      availability: tally(/staff_unavailability|recurring_unavailability/),
      rotaRules: tally(/select mix_mode|default_weekly_cap, to_char/),
      priorDuties: tally(/extract\(isodow from date\)/),
      staffRoster: tally(/working_days, fte::float8 as fte, weekly_cap, avoid_days\s+from staff/),
    };
    process.stdout.write(`${JSON.stringify(summary)}\n${statements.map((s) => s.replace(/\s+/g, ' ').slice(0, 160)).join('\n')}\n`);
  }

  it('adding a holiday over planned duties', async () => {
    const { admin } = await school();
    await measure('holiday', () =>
      t.http().post('/api/holidays').set(...bearer(admin.token)).send({ name: 'Snow closure', type: 'other', startDate: '2025-10-06', endDate: '2025-10-07' }).expect(201),
    );
  });

  it('deactivating someone with auto-fill on: their duties are refilled', async () => {
    const { admin, ids } = await school();
    await t.http().post('/api/auto-approval-settings').set(...bearer(admin.token)).send({ adminPassword: admin.password, autoFillCancellations: true }).expect(200);
    await measure('deactivation', () => t.http().put(`/api/staff/${ids[0]}`).set(...bearer(admin.token)).send({ isActive: false }).expect(200));
  });
});
