import ICAL from 'ical.js';
import { Clock, FixedClock, parsePinnedNow } from '../src/common/clock/clock';
import { describeDate } from '../src/common/text/dates';
import { OutboxWorker } from '../src/modules/mail/outbox.worker';
import { RemindersService } from '../src/modules/reminders/reminders.service';
import { registerOrganization, type Account } from './support/accounts';
import { memberWithRole } from './support/members';
import { SmtpSink, type ReceivedEmail } from './support/smtp-sink';
import { createTestApp, type TestApp } from './support/test-app';
import { asUser, sqlOf } from './support/http';

interface CalendarEvent {
  method: string;
  uid: string;
  sequence: number;
  status: string | null;
  date: string;
}

/** An emailed .ics file as a calendar app reads it (ical.js). */
function calendarIn(email: ReceivedEmail): CalendarEvent | undefined {
  const file = email.attachments.find((a) => a.contentType.startsWith('text/calendar'));
  if (!file) return undefined;
  const calendar = new ICAL.Component(ICAL.parse(file.content));
  const event = calendar.getFirstSubcomponent('vevent')!;
  return {
    method: String(calendar.getFirstPropertyValue('method')),
    uid: String(event.getFirstPropertyValue('uid')),
    sequence: Number(event.getFirstPropertyValue('sequence') ?? 0),
    status: (event.getFirstPropertyValue('status') as string | null) ?? null,
    date: (event.getFirstPropertyValue('dtstart') as ICAL.Time).toString(),
  };
}

/**
 * Whoever's duties a tool changes is told (docs/product.md#notifications): the bulk tools included,
 * once per person with every day, by email and in the app; and a reminder already sent for a duty
 * that is gone is followed by its cancellation (the same UID, a higher SEQUENCE, METHOD:CANCEL),
 * so a calendar holds only the duties that still stand. The mail server is real (SmtpSink).
 */
describe('telling people their duties changed', () => {
  let smtp: SmtpSink;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await new SmtpSink().start();
    t = await createTestApp({ env: { APP_NOW: '2026-11-02T09:00', SMTP_URL: smtp.url, APP_URL: 'https://dm.example.com' } });
  });

  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  const at = (wall: string) => (t.get(Clock) as FixedClock).set(parsePinnedNow(wall, 'Europe/London'));
  const remindersPass = () => t.get(RemindersService).runScheduledPass();
  const deliver = () => t.get(OutboxWorker).finishSending();
  const as = (token: string) => asUser(t, token);
  const sql: ReturnType<typeof sqlOf> = (query, params) => sqlOf(t)(query, params);

  interface Person {
    token: string;
    staffId: string;
    email: string;
  }

  async function school(): Promise<{ admin: Account; people: Record<'ann' | 'bob' | 'cat' | 'dan', Person> }> {
    const admin = await registerOrganization(t);
    const people = {
      ann: await memberWithRole(t, admin, 'staff', 'Ann Archer'),
      bob: await memberWithRole(t, admin, 'staff', 'Bob Baker'),
      cat: await memberWithRole(t, admin, 'staff', 'Cat Carter'),
      dan: await memberWithRole(t, admin, 'staff', 'Dan Dyer'),
    };
    return { admin, people };
  }

  const mailTo = (p: Person) => smtp.received.filter((e) => e.to.includes(p.email) && !/invit/i.test(e.subject));
  const dutyDays = async (token: string, date: string) =>
    ((await as(token).get(`/api/rota?startDate=${date}&endDate=${date}`).expect(200)).body as { slots: { staff: { id: string } | null }[] }[])
      .flatMap((d) => d.slots)
      .flatMap((s) => (s.staff ? [s.staff.id] : []));
  /** The person's unread notifications about their duties (`forget` marks the earlier ones read). */
  const notices = async (p: Person) =>
    ((await as(p.token).get('/api/notifications').expect(200)).body as { items: { kind: string; text: string; readAt: string | null }[] }).items.filter(
      (n) => n.kind === 'duty_changed' && n.readAt === null,
    );
  /** Starts each person's inbox and bell afresh once a test has set its rota up. */
  const forget = async (people: Person[]) => {
    await deliver();
    smtp.received.length = 0;
    for (const p of people) await as(p.token).post('/api/notifications/read-all').expect(200);
  };

  it('tells the people Clear took off Tue 1 Dec, cancels the reminder they had, and tells the two Fill put on instead', async () => {
    const { admin, people } = await school();
    const { ann, bob, cat, dan } = people;
    // Ann and Bob have done duties this term, so a fill prefers Cat and Dan.
    for (const date of ['2026-11-03', '2026-11-04', '2026-11-05', '2026-12-01']) {
      await as(admin.token).post('/api/rota', { date, slots: [ann.staffId, bob.staffId] }).expect(201);
    }
    await forget(Object.values(people));

    // Monday 30 Nov 08:30: the reminders for Tuesday 1 Dec go out, each with the duty as an .ics.
    at('2026-11-30T08:30');
    await remindersPass();
    await deliver();
    const reminded = calendarIn(mailTo(ann)[0]!)!;
    expect(mailTo(ann).map((e) => e.subject)).toEqual(['Duty Manager Reminder - Tuesday 1 December 2026']);
    expect(reminded).toMatchObject({ method: 'PUBLISH', sequence: 0, date: '2026-12-01' });
    expect(calendarIn(mailTo(bob)[0]!)!.method).toBe('PUBLISH');

    // Clear, then Fill, put two others on that day.
    at('2026-11-30T10:00');
    // Set by hand, the duties are pinned: unpinned, Clear takes them off (docs/product.md#pinned-duties).
    await as(admin.token).post('/api/rota/unpin', { from: '2026-11-30', to: '2026-12-31' }).expect(200);
    await as(admin.token).post('/api/rota/clear-future').expect(200);
    await as(admin.token).post('/api/rota/fill-unassigned', { endDate: '2026-12-01', allWeekdays: true }).expect(200);
    expect((await dutyDays(admin.token, '2026-12-01')).sort()).toEqual([cat.staffId, dan.staffId].sort());
    // The reminder job runs again, as it does every minute.
    await remindersPass();
    await deliver();

    // Ann and Bob: told their duty is gone, and their calendar event is cancelled (same UID, later SEQUENCE).
    for (const [person, name] of [[ann, 'Ann Archer'], [bob, 'Bob Baker']] as const) {
      const [reminder, told, cancelled, ...more] = mailTo(person);
      expect({ name, more: more.map((e) => e.subject) }).toEqual({ name, more: [] });
      expect(reminder!.subject).toBe('Duty Manager Reminder - Tuesday 1 December 2026');
      expect(told!.subject).toBe('Duty removed: Tuesday 1 December 2026');
      expect(told!.text).toContain(`Hello ${name},`);
      expect(told!.text).toContain('Ann Admin cleared the rota');
      expect(told!.text).toContain('You are no longer on duty on:\n\nTuesday 1 December 2026');
      expect(told!.text).toContain('https://dm.example.com/my-rota');
      expect(cancelled!.subject).toBe('Cancelled: your duty on Tuesday 1 December 2026');
      expect(cancelled!.text).toContain('You are no longer on duty on Tuesday 1 December 2026');
      const original = calendarIn(reminder!)!;
      expect(calendarIn(cancelled!)).toEqual({ method: 'CANCEL', uid: original.uid, sequence: original.sequence + 1, status: 'CANCELLED', date: '2026-12-01' });
      expect((await notices(person)).map((n) => n.text)).toEqual(['Ann Admin took you off duty on Tuesday 1 December 2026']);
    }

    // Cat and Dan: told once (by Fill) and reminded, as the day's only two people.
    for (const person of [cat, dan]) {
      const subjects = mailTo(person).map((e) => e.subject);
      expect(subjects.sort()).toEqual(['Duty Manager Reminder - Tuesday 1 December 2026', 'You are on duty on Tuesday 1 December 2026']);
      const told = mailTo(person).find((e) => e.subject.startsWith('You are on duty'))!;
      expect(told.text).toContain('Ann Admin filled the empty slots of the rota');
      expect(told.text).toContain('You are now on duty on:\n\nTuesday 1 December 2026');
      expect((await notices(person)).map((n) => n.text)).toEqual(['Ann Admin put you on duty on Tuesday 1 December 2026']);
    }

    // Two people hold a standing event for the two-person day: every other one was cancelled.
    const standing = new Map<string, CalendarEvent>();
    for (const email of smtp.received) {
      const event = calendarIn(email);
      if (event && (standing.get(event.uid)?.sequence ?? -1) < event.sequence) standing.set(event.uid, event);
    }
    expect([...standing.values()].filter((e) => e.date === '2026-12-01' && e.method !== 'CANCEL')).toHaveLength(2);

    // Later passes send nothing again: each cancellation goes out once.
    const sent = smtp.received.length;
    await remindersPass();
    await deliver();
    expect(smtp.received.length).toBe(sent);
    expect(
      await sql(
        `select s.name, r.sequence, r.cancelled_at is not null as cancelled from duty_reminders r join staff s on s.id = r.staff_id
          where s.email in (?, ?, ?, ?) order by s.name`,
        [ann.email, bob.email, cat.email, dan.email],
      ),
    ).toEqual([
      { name: 'Ann Archer', sequence: 1, cancelled: true },
      { name: 'Bob Baker', sequence: 1, cancelled: true },
      { name: 'Cat Carter', sequence: 0, cancelled: false },
      { name: 'Dan Dyer', sequence: 0, cancelled: false },
    ]);
  });

  it('tells each person once per run, with every day a reshuffle added and every day it removed', async () => {
    const { admin, people } = await school();
    at('2026-11-02T09:00');
    const week = ['2026-11-09', '2026-11-10', '2026-11-11', '2026-11-12', '2026-11-13'];
    // Ann and Bob on every day of a week: a reshuffle shares it out among all four.
    for (const date of week) await as(admin.token).post('/api/rota', { date, slots: [people.ann.staffId, people.bob.staffId] }).expect(201);
    const daysOf = async () => {
      const days = new Map<string, Set<string>>();
      for (const date of week) for (const id of await dutyDays(admin.token, date)) days.set(id, (days.get(id) ?? new Set()).add(date));
      return days;
    };
    const before = await daysOf();
    await forget(Object.values(people));

    // Set by hand, the week is pinned: unpinned, so that the reshuffle may share it out.
    await as(admin.token).post('/api/rota/unpin', { from: week[0], to: week.at(-1) }).expect(200);
    await as(admin.token).post('/api/rota/reshuffle-future', { endDate: '2026-11-13', allWeekdays: true }).expect(200);
    await deliver();
    const after = await daysOf();

    let changed = 0;
    for (const person of Object.values(people)) {
      const was = before.get(person.staffId) ?? new Set<string>();
      const is = after.get(person.staffId) ?? new Set<string>();
      const added = [...is].filter((d) => !was.has(d));
      const removed = [...was].filter((d) => !is.has(d));
      const letters = mailTo(person);
      if (!added.length && !removed.length) {
        expect(letters).toEqual([]);
        continue;
      }
      changed += 1;
      expect(letters).toHaveLength(1);
      const [text, gone = ''] = letters[0]!.text.split('You are no longer on duty on:');
      expect(text).toContain('Ann Admin reshuffled the rota');
      for (const date of added) expect(text).toContain(describeDate(date));
      for (const date of removed) expect(gone).toContain(describeDate(date));
      expect((await notices(person)).length).toBe(1);
    }
    // The reshuffle moved duties from Ann and Bob to Cat and Dan: all four heard.
    expect(changed).toBe(4);
  });

  it('reminds again, as a new version of the same event, when a cancelled duty comes back', async () => {
    const { admin, people } = await school();
    const { ann, bob } = people;
    at('2026-11-02T09:00');
    await as(admin.token).post('/api/rota', { date: '2026-11-17', slots: [ann.staffId, bob.staffId] }).expect(201);
    await forget([ann, bob]);
    at('2026-11-16T08:30');
    await remindersPass();
    await deliver();
    const first = calendarIn(mailTo(ann).find((e) => e.subject.startsWith('Duty Manager Reminder'))!)!;

    // Set by hand, the duty is pinned: unpinned, Clear takes it off (docs/product.md#pinned-duties).
    await as(admin.token).post('/api/rota/unpin', { from: '2026-11-16', to: '2026-11-30' }).expect(200);
    await as(admin.token).post('/api/rota/clear-future').expect(200);
    await remindersPass();
    await deliver();
    await as(admin.token).post('/api/rota', { date: '2026-11-17', slots: [ann.staffId] }).expect(201);
    await remindersPass();
    await deliver();

    const events = mailTo(ann).flatMap((e) => calendarIn(e) ?? []);
    expect(events.map((e) => [e.method, e.uid === first.uid, e.sequence])).toEqual([
      ['PUBLISH', true, 0],
      ['CANCEL', true, 1],
      ['PUBLISH', true, 2],
    ]);
    expect(mailTo(ann).map((e) => e.subject)).toEqual([
      'Duty Manager Reminder - Tuesday 17 November 2026',
      'Duty removed: Tuesday 17 November 2026',
      'Cancelled: your duty on Tuesday 17 November 2026',
      'You are on duty on Tuesday 17 November 2026',
      'Duty Manager Reminder - Tuesday 17 November 2026',
    ]);
    // Bob's duty stayed cancelled.
    expect(mailTo(bob).flatMap((e) => calendarIn(e) ?? []).map((e) => e.method)).toEqual(['PUBLISH', 'CANCEL']);
  });
});
