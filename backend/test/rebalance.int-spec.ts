import { OutboxWorker } from '../src/modules/mail/outbox.worker';
import { registerOrganization, type Account } from './support/accounts';
import { snapshotDatabase } from './support/db-snapshot';
import { asUser, sqlOf } from './support/http';
import { memberWithRole } from './support/members';
import { SmtpSink } from './support/smtp-sink';
import { createTestApp, type TestApp } from './support/test-app';

interface Change {
  date: string;
  dutyId: string;
  dutyName: string;
  position: number;
  from: { id: string; name: string } | null;
  to: { id: string; name: string } | null;
}

interface Preview {
  startDate: string;
  endDate: string;
  changedDays: number;
  changedSlots: number;
  unfilledSlots: number;
  changes: Change[];
  people: number;
  largestGap: { before: number; after: number } | null;
  message: string;
}

/** A slot as the tests compare them: who held it, by date and slot number. */
type Holders = Map<string, (string | null)[]>;

/**
 * The bulk tools' previews and Rebalance (docs/product.md#bulk-tools): a preview is the tool's own
 * computation with nothing written, nobody told and nothing recorded, and it lists exactly what the
 * tool then changes; Rebalance is recorded as `rota.rebalanced` and tells only the people whose
 * duties it changed; the Dashboard's hint counts the people far from their share and what
 * Rebalance would change. Assertions hold whatever the engine chooses to move: they compare the
 * preview with what the apply did, never with a hand-made plan.
 */
describe('previews and Rebalance', () => {
  let smtp: SmtpSink;
  let t: TestApp;
  const as = (token: string) => asUser(t, token);
  const sql: ReturnType<typeof sqlOf> = (query, params) => sqlOf(t)(query, params);
  const deliver = () => t.get(OutboxWorker).finishSending();

  beforeAll(async () => {
    smtp = await new SmtpSink().start();
    // Monday 2 November 2026.
    t = await createTestApp({ env: { APP_NOW: '2026-11-02T09:00', SMTP_URL: smtp.url, APP_URL: 'https://dm.example.com' } });
  });

  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  /** A school of the admin and four staff; Ann and Bob on both slots of ten days by hand (10–23 Nov), the other weekdays to 27 Nov empty. */
  async function unevenSchool(): Promise<{ admin: Account; staff: { token: string; staffId: string; email: string }; emails: Map<string, string> }> {
    const admin = await registerOrganization(t);
    const ann = await memberWithRole(t, admin, 'staff', 'Ann Archer');
    const bob = await memberWithRole(t, admin, 'staff', 'Bob Baker');
    await memberWithRole(t, admin, 'staff', 'Cat Carter');
    await memberWithRole(t, admin, 'staff', 'Dan Dyer');
    for (const date of [
      '2026-11-10',
      '2026-11-11',
      '2026-11-12',
      '2026-11-13',
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-23',
    ]) {
      await as(admin.token)
        .post('/api/rota', { date, slots: [ann.staffId, bob.staffId] })
        .expect(201);
    }
    const staff = (await as(admin.token).get('/api/staff').expect(200)).body as { id: string; email: string }[];
    return { admin, staff: ann, emails: new Map(staff.map((s) => [s.id, s.email])) };
  }

  const holders = async (token: string, from: string, to: string): Promise<Holders> => {
    const days = (await as(token).get(`/api/rota?startDate=${from}&endDate=${to}`).expect(200)).body as {
      date: string;
      slots: { staff: { id: string } | null }[];
    }[];
    return new Map(days.map((d) => [d.date, d.slots.map((s) => s.staff?.id ?? null)]));
  };

  /** Every slot whose person differs, as the preview lists it (date, slot number, from → to ids). */
  const differences = (before: Holders, after: Holders) => {
    const out: { date: string; position: number; from: string | null; to: string | null }[] = [];
    for (const date of [...new Set([...before.keys(), ...after.keys()])].sort()) {
      const was = before.get(date) ?? [];
      const is = after.get(date) ?? [];
      for (let i = 0; i < Math.max(was.length, is.length); i += 1) {
        if ((was[i] ?? null) !== (is[i] ?? null)) out.push({ date, position: i + 1, from: was[i] ?? null, to: is[i] ?? null });
      }
    }
    return out;
  };
  const listed = (changes: Change[]) => changes.map((c) => ({ date: c.date, position: c.position, from: c.from?.id ?? null, to: c.to?.id ?? null }));

  /** The people whose set of duty days differs (what the letters are about). */
  const peopleChanged = (before: Holders, after: Holders) => {
    const days = (rota: Holders) => {
      const of = new Map<string, Set<string>>();
      for (const [date, ids] of rota) for (const id of ids) if (id) of.set(id, (of.get(id) ?? new Set()).add(date));
      return of;
    };
    const was = days(before);
    const is = days(after);
    const ids = new Set([...was.keys(), ...is.keys()]);
    return [...ids].filter((id) => {
      const a = [...(was.get(id) ?? [])].sort().join();
      const b = [...(is.get(id) ?? [])].sort().join();
      return a !== b;
    });
  };

  it('previews a rebalance without writing, then applies exactly the listed changes, records it and tells only those people', async () => {
    const { admin, emails } = await unevenSchool();
    const body = { endDate: '2026-11-27', allWeekdays: true };
    const before = await holders(admin.token, '2026-11-03', '2026-11-27');

    const untouched = await snapshotDatabase(t);
    const preview = (
      await as(admin.token)
        .post('/api/rota/preview', { tool: 'rebalance', ...body })
        .expect(200)
    ).body as Preview;
    expect(await snapshotDatabase(t)).toEqual(untouched);

    // The empty days are filled at least (the placeholder engine only fills; the real one may also move).
    expect(preview.changes.length).toBeGreaterThanOrEqual(16);
    expect(preview.changedSlots).toBe(preview.changes.length);
    const ids = new Set(preview.changes.flatMap((c) => [c.from?.id, c.to?.id]).filter(Boolean));
    expect(preview.people).toBe(ids.size);
    expect(preview.message).toBe(`${preview.changes.length} changes for ${preview.people} people.`);
    expect(preview.largestGap).toEqual({ before: expect.any(Number), after: expect.any(Number) });
    for (const change of preview.changes) {
      expect(change).toMatchObject({ dutyName: 'Duty Manager', dutyId: expect.any(String) });
      expect(change.date >= '2026-11-03' && change.date <= '2026-11-27').toBe(true);
      if (change.to) expect(change.to.name).toMatch(/^[A-Z]/);
    }
    // Nothing changes on a day before the changes it lists: the list is in date and slot order.
    expect(listed(preview.changes)).toEqual([...listed(preview.changes)].sort((a, b) => a.date.localeCompare(b.date) || a.position - b.position));

    await deliver();
    smtp.received.length = 0;
    const applied = await as(admin.token).post('/api/rota/rebalance', body).expect(200);
    expect(applied.body).toEqual({
      startDate: preview.startDate,
      endDate: preview.endDate,
      changedDays: preview.changedDays,
      changedSlots: preview.changedSlots,
      unfilledSlots: preview.unfilledSlots,
      message: expect.stringMatching(/^Changed \d+ slots on \d+ days from /),
      largestGap: preview.largestGap,
    });
    const after = await holders(admin.token, '2026-11-03', '2026-11-27');
    // Exactly what the preview listed, and nothing else.
    expect(differences(before, after)).toEqual(listed(preview.changes));

    const audit = await sql(
      `select a.summary, a.after from audit_entries a join organizations o on o.id = a.organization_id where o.subdomain = ? and a.action = 'rota.rebalanced'`,
      [admin.subdomain],
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]!.summary).toBe(`Rebalanced the rota (Duty Manager): ${applied.body.message}`);
    expect(audit[0]!.after).toMatchObject({ startDate: '2026-11-03', endDate: '2026-11-27', changedSlots: preview.changedSlots });

    // Letters go to the people whose duties changed, and to nobody else.
    await deliver();
    const told = [...new Set(smtp.received.flatMap((e) => e.to))].sort();
    const expected = peopleChanged(before, after).map((id) => emails.get(id)!);
    expect(expected.length).toBeGreaterThan(0);
    expect(told).toEqual(expected.sort());
    for (const email of smtp.received) expect(email.text).toContain('Ann Admin rebalanced the rota');

    // Once applied, a second preview has nothing left that the same run would change.
    const again = (
      await as(admin.token)
        .post('/api/rota/preview', { tool: 'rebalance', ...body })
        .expect(200)
    ).body as Preview;
    expect({ changes: again.changes, changedSlots: again.changedSlots, people: again.people }).toEqual({ changes: [], changedSlots: 0, people: 0 });
    expect(['Nothing to change: everyone is within one duty of their fair share.', 'Nothing to change.']).toContain(again.message);
  });

  /** The 2026-2027 terms: the planning year on Monday 2 November 2026 runs from Tuesday 3rd to Wednesday 21 July 2027. */
  const TERMS_2026 = [
    { name: 'autumn', startDate: '2026-09-03', endDate: '2026-12-18', halfTermStart: '2026-10-26', halfTermEnd: '2026-10-30' },
    { name: 'spring', startDate: '2027-01-05', endDate: '2027-03-26', halfTermStart: '2027-02-15', halfTermEnd: '2027-02-19' },
    { name: 'summer', startDate: '2027-04-12', endDate: '2027-07-21', halfTermStart: null, halfTermEnd: null },
  ];

  it('rebalances a filled year after hand edits, moving nobody on the frozen days and applying exactly what it listed', async () => {
    const admin = await registerOrganization(t);
    const ann = await memberWithRole(t, admin, 'staff', 'Ann Archer');
    for (const name of ['Bob Baker', 'Cat Carter', 'Dan Dyer']) await memberWithRole(t, admin, 'staff', name);
    await as(admin.token).put('/api/term-dates/2026', { terms: TERMS_2026 }).expect(200);
    await as(admin.token).post('/api/rota/fill-unassigned', {}).expect(200);
    // A school that only fills gaps: fairness is left to its admin, and to Rebalance.
    await as(admin.token).post('/api/system-settings', { keepFairness: false }).expect(200);
    // Ann is put by hand in place of someone on six days of March: six duties above her share.
    const march = await holders(admin.token, '2027-03-01', '2027-03-26');
    const days = [...march.entries()].filter(([, ids]) => !ids.includes(ann.staffId)).slice(0, 6);
    expect(days).toHaveLength(6);
    for (const [date] of days) {
      const res = await as(admin.token).post('/api/rota/replace', { date, position: 1, staffId: ann.staffId });
      expect({ date, status: res.status }).toEqual({ date, status: 200 });
    }
    const before = await holders(admin.token, '2026-11-03', '2027-07-21');

    const preview = (await as(admin.token).post('/api/rota/preview', { tool: 'rebalance' }).expect(200)).body as Preview;
    expect({ startDate: preview.startDate, endDate: preview.endDate }).toEqual({ startDate: '2026-11-03', endDate: '2027-07-21' });
    // The five school days after today (to Monday 9 November) are left alone: nobody is moved on them.
    expect(preview.changes.filter((c) => c.from !== null && c.date <= '2026-11-09')).toEqual([]);

    // Ann about six duties above her share: she must give up at least ⌈gap − 1⌉ of them, and the
    // fewest moves (hers to whoever is below) bring everyone within one duty — at most two more
    // than that, and none on the six days she was put on by hand (pinned).
    const gap = preview.largestGap!.before;
    expect(gap).toBeGreaterThanOrEqual(5);
    expect(preview.largestGap!.after).toBeLessThanOrEqual(1.01);
    const moves = preview.changes.filter((c) => c.from !== null && c.to !== null);
    const fewest = Math.ceil(gap - 1 - 0.01);
    expect(moves.length).toBeGreaterThanOrEqual(fewest);
    expect(moves.length).toBeLessThanOrEqual(fewest + 2);
    const handSet = new Set(days.map(([date]) => date));
    expect(preview.changes.filter((c) => handSet.has(c.date) && c.from?.id === ann.staffId)).toEqual([]);

    // The Dashboard's hint counts the same run's changes.
    const hint = (await as(admin.token).get('/api/rota/fairness-hint').expect(200)).body;
    expect(hint).toEqual({ people: expect.any(Number), changes: preview.changes.length });
    expect(hint.people).toBeGreaterThanOrEqual(2);

    const applied = (await as(admin.token).post('/api/rota/rebalance', {}).expect(200)).body;
    expect(applied.changedSlots).toBe(preview.changes.length);
    expect(differences(before, await holders(admin.token, '2026-11-03', '2027-07-21'))).toEqual(listed(preview.changes));
    // Fair now: a second Rebalance has nothing to do, and the hint is gone.
    expect(((await as(admin.token).post('/api/rota/preview', { tool: 'rebalance' }).expect(200)).body as Preview).changes).toEqual([]);
    expect((await as(admin.token).get('/api/rota/fairness-hint').expect(200)).body).toEqual({ people: null, changes: null });
  });

  it('previews Fill and Clear as they then apply', async () => {
    const { admin } = await unevenSchool();
    const before = await holders(admin.token, '2026-11-03', '2026-11-27');
    const fill = (await as(admin.token).post('/api/rota/preview', { tool: 'fill', endDate: '2026-11-27', allWeekdays: true }).expect(200))
      .body as Preview;
    expect(fill.largestGap).toBeNull();
    // Only empty slots are filled: every change comes from nobody.
    expect(fill.changes.every((c) => c.from === null && c.to !== null)).toBe(true);
    const filled = (await as(admin.token).post('/api/rota/fill-unassigned', { endDate: '2026-11-27', allWeekdays: true }).expect(200)).body;
    expect(filled).not.toHaveProperty('largestGap');
    expect(filled.changedSlots).toBe(fill.changes.length);
    const afterFill = await holders(admin.token, '2026-11-03', '2026-11-27');
    expect(differences(before, afterFill)).toEqual(listed(fill.changes));

    const clear = (await as(admin.token).post('/api/rota/preview', { tool: 'clear' }).expect(200)).body as Preview;
    // Clear starts today (Monday 2nd, empty) and takes everyone off: every change goes to nobody.
    expect(clear.changes.every((c) => c.from !== null && c.to === null)).toBe(true);
    expect(clear.message).toBe(`${clear.changes.length} changes for ${clear.people} people.`);
    const cleared = (await as(admin.token).post('/api/rota/clear-future').expect(200)).body;
    expect(cleared.changedSlots).toBe(clear.changes.length);
    const afterClear = await holders(admin.token, '2026-11-02', '2026-11-27');
    expect(differences(afterFill, afterClear)).toEqual(listed(clear.changes));
  });

  it('refuses staff, another school’s duties and bad bodies, writing nothing', async () => {
    const { admin, staff } = await unevenSchool();
    const other = await registerOrganization(t);
    const otherDuty = ((await as(other.token).get('/api/duties').expect(200)).body as { id: string; isDutyManager: boolean }[]).find(
      (d) => d.isDutyManager,
    )!.id;
    const untouched = await snapshotDatabase(t);

    expect(
      (await as(staff.token).post('/api/rota/preview', { tool: 'rebalance', endDate: '2026-11-27', allWeekdays: true }).expect(403)).body.message,
    ).toBe("You don't have permission to change the rota");
    await as(staff.token).post('/api/rota/rebalance', { endDate: '2026-11-27', allWeekdays: true }).expect(403);
    await as(staff.token).get('/api/rota/fairness-hint').expect(403);
    for (const path of ['/api/rota/preview', '/api/rota/rebalance']) {
      const body = { endDate: '2026-11-27', allWeekdays: true, dutyIds: [otherDuty] };
      const refused = await as(admin.token).post(path, path.endsWith('preview') ? { tool: 'rebalance', ...body } : body);
      expect({ path, status: refused.status, message: refused.body.message }).toEqual({ path, status: 404, message: 'Duty not found' });
    }
    for (const [body, message] of [
      [{}, 'tool must be one of: rebalance, reshuffle, fill, clear'],
      [{ tool: 'shuffle' }, 'tool must be one of: rebalance, reshuffle, fill, clear'],
      [{ tool: 'rebalance', dutyIds: [] }, 'Choose at least one duty to plan'],
      [{ tool: 'rebalance', dutyIds: ['nope'] }, 'Each of dutyIds must be a duty id'],
      [{ tool: 'rebalance', allWeekdays: 'yes' }, 'allWeekdays must be true or false'],
      [{ tool: 'rebalance', endDate: '2026-10-01', allWeekdays: true }, 'The end date must be after today (Monday 2 November 2026)'],
    ] as const) {
      const refused = await as(admin.token).post('/api/rota/preview', body);
      expect({ body, status: refused.status, message: [refused.body.message].flat().join('; ') }).toEqual({ body, status: 400, message });
    }
    const bad = await as(admin.token).post('/api/rota/rebalance', { tool: 'rebalance', endDate: '2026-11-27', allWeekdays: true });
    expect(bad.status).toBe(400);
    // No term dates and no allWeekdays: the holidays between terms would get duties.
    const noTerms = await as(admin.token).post('/api/rota/rebalance', { endDate: '2026-11-27' });
    expect({ status: noTerms.status, code: noTerms.body.code }).toEqual({ status: 409, code: 'term_dates_missing' });
    expect(await snapshotDatabase(t)).toEqual(untouched);
  });

  it('gives the Dashboard a hint that counts what the planning year’s Rebalance would change, writing nothing', async () => {
    const { admin, staff } = await unevenSchool();
    // Without term dates the planning year can't be planned: no hint.
    expect((await as(admin.token).get('/api/rota/fairness-hint').expect(200)).body).toEqual({ people: null, changes: null });

    await as(admin.token)
      .put('/api/term-dates/2026', {
        terms: [
          { name: 'autumn', startDate: '2026-09-03', endDate: '2026-12-18', halfTermStart: '2026-10-26', halfTermEnd: '2026-10-30' },
          { name: 'spring', startDate: '2027-01-05', endDate: '2027-03-26', halfTermStart: '2027-02-15', halfTermEnd: '2027-02-19' },
          { name: 'summer', startDate: '2027-04-12', endDate: '2027-07-21', halfTermStart: null, halfTermEnd: null },
        ],
      })
      .expect(200);
    // Ann and Bob hold the ten planned days, Cat and Dan nothing: all four are far from their share of them.
    const untouched = await snapshotDatabase(t);
    const hint = (await as(admin.token).get('/api/rota/fairness-hint').expect(200)).body as { people: number; changes: number };
    expect(await snapshotDatabase(t)).toEqual(untouched);
    const preview = (await as(admin.token).post('/api/rota/preview', { tool: 'rebalance' }).expect(200)).body as Preview;
    expect(hint.people).toBe(4);
    expect(hint.changes).toBe(preview.changes.length);
    await as(staff.token).get('/api/rota/fairness-hint').expect(403);
  });
});
