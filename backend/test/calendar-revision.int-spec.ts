import { MikroORM } from '@mikro-orm/core';
import { type CallHandler, type ExecutionContext, Injectable, Module, type NestInterceptor } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import type { EntityManager, PostgreSqlDriver } from '@mikro-orm/postgresql';
import { ClsServiceManager } from 'nestjs-cls';
import { Clock, type FixedClock } from '../src/common/clock/clock';
import { bearer, registerOrganization, type Account } from './support/accounts';
import { asUser } from './support/http';
import { memberWithRole } from './support/members';
import { tablesNamed } from './support/raw-sql-inventory';
import { createTestApp, type TestApp } from './support/test-app';

const FEEDS = ['all-duties', 'my-duties'] as const;
type Kind = (typeof FEEDS)[number];
/** Tables the token lookup reads for the check and for values hashed into the ETag itself. */
const TOKEN_LOOKUP_TABLES = ['calendar_feed_tokens', 'users', 'organizations', 'calendar_feed_revisions'];
/** Tables that hold the feed's rows: a 304 must not read them. */
const CONTENT_TABLES = ['rota_days', 'rota_slots', 'holidays'];

/** The route handlers that ran, in order: a test-only interceptor writes them here. */
const handled: string[] = [];

@Injectable()
class HandlerLog implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler) {
    handled.push(context.getHandler().name);
    return next.handle();
  }
}

@Module({ providers: [{ provide: APP_INTERCEPTOR, useClass: HandlerLog }] })
class HandlerLogModule {}

/**
 * The feeds' ETag comes from the organisation's calendar_feed_revisions counter (bumped by
 * triggers on every table a feed reads) and the per-request inputs, not from the feed's bytes:
 * it must change with every kind of change a feed shows, whoever writes it, stay put otherwise,
 * and a 304 must come without reading the rota. Monday 8 September 2025, 09:00 in London.
 */
describe('calendar feed ETags from the revision counter', () => {
  let t: TestApp;
  let sql: (query: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;
  let admin: Account;
  let other: Account;
  let zoe: { token: string; staffId: string; email: string };
  let tom: { token: string; staffId: string; email: string };
  let bob: string;
  let cat: string;
  let schoolId: string;
  /** Feed tokens: the admin's (all duties), Zoë's (her duties) and the other organisation's. */
  const links = { admin: '', zoe: '', other: '' };
  /** Statements run inside a request while set. */
  let seen: string[] | undefined;

  beforeAll(async () => {
    t = await createTestApp({ env: { APP_NOW: '2025-09-08T09:00', LOG_LEVEL: 'error' }, imports: [HandlerLogModule] });
    sql = (query, params = []) => t.get(MikroORM).em.getConnection().execute(query, params);
    // Every statement passes the ORM's onQuery hook (MikroORM 7 has no knex to listen to).
    const config = (t.get(MikroORM) as MikroORM<PostgreSqlDriver>).config;
    const onQuery = config.get('onQuery');
    config.set('onQuery', (query, params) => {
      if (seen && ClsServiceManager.getClsService().isActive()) seen.push(query);
      return onQuery(query, params);
    });
    admin = await registerOrganization(t, { organizationName: 'École Saint-Étienne' });
    other = await registerOrganization(t, { organizationName: 'Other Academy' });
    zoe = await memberWithRole(t, admin, 'staff', 'Zoë Ångström');
    tom = await memberWithRole(t, admin, 'staff', 'Tom Colleague');
    bob = (await as(admin.token).post('/api/staff', { name: 'Bob Stone', email: 'bob@ecole.example' }).expect(201)).body.id;
    cat = (await as(admin.token).post('/api/staff', { name: 'Cat Lee', email: 'cat@ecole.example' }).expect(201)).body.id;
    await as(admin.token).post('/api/rota', { date: '2025-09-09', slots: [zoe.staffId, bob] }).expect(201);
    await as(admin.token).post('/api/rota', { date: '2025-09-10', slots: [zoe.staffId, cat] }).expect(201);
    await as(admin.token).post('/api/rota', { date: '2025-09-11', slots: [bob, cat] }).expect(201);
    const otherPerson = (await as(other.token).post('/api/staff', { name: 'Olga Other', email: 'olga@other.example' }).expect(201)).body.id;
    await as(other.token).post('/api/rota', { date: '2025-09-09', slots: [otherPerson] }).expect(201);
    links.admin = (await as(admin.token).post('/api/calendar/subscription').expect(201)).body.token;
    links.zoe = (await as(zoe.token).post('/api/calendar/subscription').expect(201)).body.token;
    links.other = (await as(other.token).post('/api/calendar/subscription').expect(201)).body.token;
    schoolId = (await sql('select organization_id from staff where id = ?', [bob]))[0]!.organization_id as string;
  });

  afterAll(() => t.close());

  const as = (token: string) => asUser(t, token);

  const feed = (kind: Kind, token: string) => t.http().get(`/api/calendar/subscribe/${kind}?token=${encodeURIComponent(token)}`);
  /** What a subscribed calendar holds: each feed's ETag and text. */
  async function fetchAll(): Promise<Record<Kind, { etag: string; text: string }>> {
    const all = await feed('all-duties', links.admin).expect(200);
    const mine = await feed('my-duties', links.zoe).expect(200);
    return { 'all-duties': { etag: all.headers.etag!, text: all.text }, 'my-duties': { etag: mine.headers.etag!, text: mine.text } };
  }

  /**
   * After `change`, a calendar revalidating with the ETag it holds gets the new feed (200, a new
   * ETag), for each feed in `feeds` — and the text did change, so the case is a real one — and
   * then a 304 for the new ETag.
   */
  async function expectNewFeeds(change: () => Promise<unknown>, feeds: readonly Kind[] = FEEDS, textChanges = true): Promise<void> {
    const before = await fetchAll();
    await change();
    for (const kind of feeds) {
      const token = kind === 'all-duties' ? links.admin : links.zoe;
      const res = await feed(kind, token).set('If-None-Match', before[kind].etag);
      expect({ kind, status: res.status }).toEqual({ kind, status: 200 });
      expect(res.headers.etag).not.toBe(before[kind].etag);
      if (textChanges) expect(res.text).not.toBe(before[kind].text);
      await feed(kind, token).set('If-None-Match', res.headers.etag!).expect(304);
    }
  }

  it('keeps the ETag while nothing changes, also across fetches and other writes that no feed shows', async () => {
    const before = await fetchAll();
    // A setting that no feed shows, and the tokens' last use, which fetching records.
    await as(admin.token).post('/api/system-settings', { instructionsTitle: 'Duty instructions, revised' }).expect(200);
    await sql(`update calendar_feed_tokens set last_used_at = now() - interval '1 day'`);
    const after = await fetchAll();
    expect(after['all-duties'].etag).toBe(before['all-duties'].etag);
    expect(after['my-duties'].etag).toBe(before['my-duties'].etag);
    expect(after['all-duties'].text).toBe(before['all-duties'].text);
    await feed('all-duties', links.admin).set('If-None-Match', before['all-duties'].etag).expect(304);
    await feed('my-duties', links.zoe).set('If-None-Match', before['my-duties'].etag).expect(304);
  });

  it('answers a 304 from the token lookup alone: no statement reads the rota or the holidays', async () => {
    const { etag } = (await fetchAll())['all-duties'];
    seen = [];
    await feed('all-duties', links.admin).set('If-None-Match', etag).expect(304);
    const statements = seen;
    seen = [];
    await feed('all-duties', links.admin).expect(200);
    const built = seen;
    seen = undefined;
    const tables = (list: string[]) => [...new Set(list.flatMap((s) => tablesNamed(s, new Set(CONTENT_TABLES))))].sort();
    expect(tables(statements)).toEqual([]);
    // One lookup: the token was used moments ago, so its last use is not written again.
    expect(statements).toHaveLength(1);
    // The same measure sees the rows read when the feed is built.
    expect(tables(built)).toEqual(['holidays', 'rota_days', 'rota_slots']);
    // HEAD, which Fastify answers from the feed's GET route, is revalidated the same way, once.
    seen = [];
    await t.http().head(`/api/calendar/subscribe/all-duties?token=${encodeURIComponent(links.admin)}`).set('If-None-Match', etag).expect(304);
    expect(seen).toHaveLength(1);
    seen = undefined;
  });

  it('answers a revalidation of an unchanged feed before the route, with the same headers, and leaves the rest to the route', async () => {
    const now = await fetchAll();
    handled.length = 0;
    for (const kind of FEEDS) {
      const token = kind === 'all-duties' ? links.admin : links.zoe;
      const res = await feed(kind, token).set('If-None-Match', now[kind].etag).expect(304);
      expect(res.headers.etag).toBe(now[kind].etag);
      expect(res.headers['cache-control']).toBe('private, no-cache');
      expect(res.headers['x-robots-tag']).toBe('noindex');
      // The app's security headers, as on every answer.
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.text).toBe('');
      // A list and a weak tag name it too (If-None-Match uses the weak comparison).
      await feed(kind, token).set('If-None-Match', `"other", W/${now[kind].etag}`).expect(304);
    }
    await t.http().head(`/api/calendar/subscribe/my-duties?token=${links.zoe}`).set('If-None-Match', now['my-duties'].etag).expect(304);
    expect(handled).toEqual([]);

    // No If-None-Match, another ETag, a wrong or doubled token, another path: the route answers.
    await feed('my-duties', links.zoe).expect(200);
    await feed('my-duties', links.zoe).set('If-None-Match', '"stale"').expect(200);
    const wrong = await feed('my-duties', `${links.zoe.slice(0, -1)}x`).set('If-None-Match', now['my-duties'].etag).expect(404);
    expect(wrong.body).toEqual({ statusCode: 404, message: 'Calendar feed not found', error: 'Not Found' });
    await t.http().get(`/api/calendar/subscribe/my-duties?token=${links.zoe}&token=${links.zoe}`).set('If-None-Match', now['my-duties'].etag).expect(404);
    await t.http().get(`/api/calendar/subscribe/my-duties/?token=${links.zoe}`).set('If-None-Match', now['my-duties'].etag).expect(304);
    expect(handled).toEqual(['getMyDutiesFeed', 'getMyDutiesFeed', 'getMyDutiesFeed', 'getMyDutiesFeed', 'getMyDutiesFeed']);
  });

  it("records the token's last use when it is due, in a second statement, and not again until the next time", async () => {
    const { etag } = (await fetchAll())['all-duties'];
    await sql(`update calendar_feed_tokens set last_used_at = now() - interval '6 minutes'`);
    const lastUse = async () => (await sql(`select extract(epoch from now() - last_used_at)::float as age from calendar_feed_tokens where selector = ?`, [links.admin.slice(0, 16)]))[0]!.age as number;
    expect(await lastUse()).toBeGreaterThan(300);
    seen = [];
    await feed('all-duties', links.admin).set('If-None-Match', etag).expect(304);
    expect(seen.map((s) => s.trim().split(/\s+/)[0])).toEqual(['select', 'update']);
    expect(await lastUse()).toBeLessThan(60);
    seen = [];
    await feed('all-duties', links.admin).set('If-None-Match', etag).expect(304);
    expect(seen).toHaveLength(1);
    seen = undefined;
  });

  it('bumps the counter from every table a feed reads: each has the trigger', async () => {
    const names = new Set((await sql(`select table_name from information_schema.tables where table_schema = 'public'`)).map((r) => r.table_name as string));
    seen = [];
    await feed('my-duties', links.zoe).expect(200);
    await feed('all-duties', links.admin).expect(200);
    const read = [...new Set(seen.flatMap((s) => tablesNamed(s, names)))];
    seen = undefined;
    const triggered = (
      await sql(`select distinct c.relname from pg_trigger g join pg_class c on c.oid = g.tgrelid where g.tgname = 'calendar_feed_revision'`)
    ).map((r) => r.relname as string);
    // A table added to a feed's reads without the trigger would let calendars keep stale duties.
    expect(read.filter((table) => !triggered.includes(table) && !TOKEN_LOOKUP_TABLES.includes(table))).toEqual([]);
    expect(triggered.sort()).toEqual(['duties', 'holidays', 'rota_days', 'rota_slots', 'staff', 'wet_days']);
  });

  it('changes when a duty is assigned', () =>
    expectNewFeeds(() => as(admin.token).post('/api/rota', { date: '2025-09-12', slots: [zoe.staffId, cat] }).expect(201)));

  it('changes when an approved cancellation takes someone off the rota', () =>
    expectNewFeeds(async () => {
      const created = await as(zoe.token).post('/api/cancel-requests', { staffId: zoe.staffId, date: '2025-09-12', reason: 'Course' }).expect(201);
      if (created.body.request.status === 'pending') {
        await as(admin.token).patch(`/api/cancel-requests/${created.body.request.id}`, { status: 'approved' }).expect(200);
      }
      const [slot] = await sql(`select 1 from rota_slots s join rota_days d on d.id = s.rota_day_id where d.date = '2025-09-12' and s.staff_id = ?`, [zoe.staffId]);
      expect(slot).toBeUndefined();
    }));

  it('changes when an approved swap changes the rota', () =>
    expectNewFeeds(async () => {
      const created = await as(zoe.token)
        .post('/api/swap-requests', { requesterId: zoe.staffId, targetId: tom.staffId, originalDate: '2025-09-09', swapDate: '2025-09-09', reason: 'Parents evening', status: 'pending' })
        .expect(201);
      const id = created.body.request.id as string;
      await as(tom.token).post(`/api/swap-requests/${id}/accept`).expect(200);
      await as(admin.token).put(`/api/swap-requests/${id}`, { status: 'approved' }).expect(200);
    }));

  it('changes when a holiday is added', () =>
    expectNewFeeds(() =>
      as(admin.token).post('/api/holidays', { name: 'October half term', type: 'half_term', startDate: '2025-10-27', endDate: '2025-10-31' }).expect(201),
    ));

  it("changes when someone on a duty is renamed (their colleagues' feeds name them)", async () => {
    await as(admin.token).post('/api/rota', { date: '2025-09-15', slots: [zoe.staffId, bob] }).expect(201);
    await expectNewFeeds(() => as(admin.token).put(`/api/staff/${bob}`, { name: 'Robert Stone' }).expect(200));
  });

  it('changes when someone is deactivated and leaves their duties', () =>
    expectNewFeeds(async () => {
      const res = await as(admin.token).put(`/api/staff/${cat}`, { isActive: false }).expect(200);
      expect(res.body.rotaChange).not.toBeNull();
    }));

  it("changes when the organisation's name (the calendar's name) or time zone changes", async () => {
    await expectNewFeeds(() => sql(`update organizations set name = 'École Saint-Étienne-du-Mont' where id = ?`, [schoolId]));
    // Which day is today moves with the zone; the text may not change on this day, the validator does.
    await expectNewFeeds(() => sql(`update organizations set timezone = 'Pacific/Auckland' where id = ?`, [schoolId]), FEEDS, false);
    await sql(`update organizations set timezone = 'Europe/London' where id = ?`, [schoolId]);
  });

  it('changes with the day, since the window moves with it', async () => {
    const clock = t.get(Clock) as FixedClock;
    try {
      await expectNewFeeds(async () => clock.set(new Date('2025-09-09T08:00:00Z')), FEEDS, false);
    } finally {
      clock.set(new Date('2025-09-08T08:00:00Z'));
    }
  });

  it('changes for writes through the raw-SQL paths: the bulk fill, and a data fix in SQL', async () => {
    await expectNewFeeds(() => as(admin.token).post('/api/rota/fill-unassigned', { endDate: '2025-09-26', allWeekdays: true }).expect(200), ['all-duties']);
    await expectNewFeeds(() =>
      sql(
        `update rota_slots set staff_id = ? where staff_id = ? and rota_day_id = (select id from rota_days where organization_id = ? and date = '2025-09-15')`,
        [tom.staffId, zoe.staffId, schoolId],
      ),
    );
  });

  it('moves at commit, and not for a write that is rolled back', async () => {
    const before = await fetchAll();
    const em = (t.get(MikroORM).em as EntityManager).fork();
    const rename = (name: string, commit: boolean) =>
      em
        .transactional(async (tx) => {
          await tx.execute('update staff set name = ? where id = ?', [name, zoe.staffId]);
          // Not committed: other connections still see the old feed, and so the old ETag.
          await feed('my-duties', links.zoe).set('If-None-Match', before['my-duties'].etag).expect(304);
          if (!commit) throw new Error('roll back');
        })
        .catch((err: Error) => expect(err.message).toBe('roll back'));
    await rename('Zoë Rolled-Back', false);
    await feed('my-duties', links.zoe).set('If-None-Match', before['my-duties'].etag).expect(304);
    await feed('all-duties', links.admin).set('If-None-Match', before['all-duties'].etag).expect(304);
    await expectNewFeeds(() => rename('Zoë Ångström-Committed', true));
  });

  it("stays the same when another organisation's rota, holidays or people change", async () => {
    const before = await fetchAll();
    const otherBefore = (await feed('all-duties', links.other).expect(200)).headers.etag!;
    const person = (await as(other.token).post('/api/staff', { name: 'Pat Other', email: 'pat@other.example' }).expect(201)).body.id;
    await as(other.token).post('/api/rota', { date: '2025-09-10', slots: [person] }).expect(201);
    await as(other.token).post('/api/holidays', { name: 'Inset', type: 'inset_day', startDate: '2025-09-19', endDate: '2025-09-19' }).expect(201);
    await feed('all-duties', links.admin).set('If-None-Match', before['all-duties'].etag).expect(304);
    await feed('my-duties', links.zoe).set('If-None-Match', before['my-duties'].etag).expect(304);
    // …while theirs moved.
    const res = await feed('all-duties', links.other).set('If-None-Match', otherBefore).expect(200);
    expect(res.headers.etag).not.toBe(otherBefore);
  });

  it('still refuses a revoked link and a deactivated user, whatever If-None-Match says', async () => {
    const { etag } = (await fetchAll())['my-duties'];
    const tomLink = (await as(tom.token).post('/api/calendar/subscription').expect(201)).body.token as string;
    const tomEtag = (await feed('my-duties', tomLink).expect(200)).headers.etag!;
    await t.http().delete('/api/calendar/subscription').set(...bearer(tom.token)).expect(204);
    await feed('my-duties', tomLink).set('If-None-Match', tomEtag).expect(404);
    await feed('my-duties', tomLink).set('If-None-Match', '*').expect(404);
    await as(admin.token).put(`/api/staff/${zoe.staffId}`, { isActive: false }).expect(200);
    await feed('my-duties', links.zoe).set('If-None-Match', etag).expect(404);
  });
});
