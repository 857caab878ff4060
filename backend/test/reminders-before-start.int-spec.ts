import { MikroORM } from '@mikro-orm/core';
import { SchedulerRegistry } from '@nestjs/schedule';
import { Clock, FixedClock, parsePinnedNow } from '../src/common/clock/clock';
import { OutboxWorker } from '../src/modules/mail/outbox.worker';
import { REMINDER_JOB, RemindersService } from '../src/modules/reminders/reminders.service';
import { bearer, registerOrganization, type Account } from './support/accounts';
import { SmtpSink, type ReceivedEmail } from './support/smtp-sink';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * Reminders of every duty (docs/product.md#reminders): the school's optional reminder minutes
 * before each timed duty starts, and the reminder before the day of duties other than the Duty
 * Manager's, against a real PostgreSQL and a real SMTP server, with two app instances on one
 * database running the job at the same time (Europe/London).
 */
const JWT_SECRET = 'reminders-before-start-secret-0123456789abcdef0123';

describe('reminders of every duty', () => {
  let smtp: SmtpSink;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    smtp = await new SmtpSink().start();
    const env = { APP_NOW: '2025-09-08T08:00', SMTP_URL: smtp.url, APP_URL: 'https://dm.example.com', JWT_SECRET };
    a = await createTestApp({ env });
    b = await createTestApp({ env, databaseUrl: a.databaseUrl });
  });

  afterAll(async () => {
    await b.close();
    await a.close();
    await smtp.stop();
  });

  const sql = (query: string, params: unknown[] = []) => a.get(MikroORM).em.getConnection().execute(query, params);

  /** Every instance's clock at a London wall time. */
  function at(wall: string, ...apps: TestApp[]): void {
    for (const t of apps.length ? apps : [a, b]) (t.get(Clock) as FixedClock).set(parsePinnedNow(wall, 'Europe/London'));
  }

  const pass = (t: TestApp) => t.get(RemindersService).runScheduledPass();
  const deliver = async (...apps: TestApp[]) => {
    for (const t of apps.length ? apps : [a, b]) await t.get(OutboxWorker).finishSending();
  };
  const as = (token: string) => ({
    get: (url: string) =>
      a
        .http()
        .get(url)
        .set(...bearer(token)),
    post: (url: string, body: object = {}) =>
      a
        .http()
        .post(url)
        .set(...bearer(token))
        .send(body),
    put: (url: string, body: object = {}) =>
      a
        .http()
        .put(url)
        .set(...bearer(token))
        .send(body),
  });

  interface School {
    admin: Account;
    ids: Record<string, string>;
    emails: Record<string, string>;
    duties: Record<string, string>;
  }

  /** A school with these people, Lunch (Canteen, 12:30–13:10) and Field (all day) on every weekday for two people each. */
  async function school(names: string[], minutesBefore: number | null): Promise<School> {
    const admin = await registerOrganization(a);
    const ids: Record<string, string> = {};
    const emails: Record<string, string> = {};
    for (const [i, name] of names.entries()) {
      const email = `${name.toLowerCase()}-${admin.subdomain}@example.com`;
      const res = await as(admin.token)
        .post('/api/staff', { name, email, isTeaching: i % 2 === 0 })
        .expect(201);
      ids[name] = res.body.id;
      emails[name] = email;
    }
    const weekdays = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, people: 2 }));
    const duties: Record<string, string> = {};
    duties.Lunch = (
      await as(admin.token)
        .post('/api/duties', { name: 'Lunch', place: 'Canteen', description: 'Open the side door.', startTime: '12:30', endTime: '13:10', weekdays })
        .expect(201)
    ).body.duty.id;
    duties.Field = (await as(admin.token).post('/api/duties', { name: 'Field', place: 'Field', weekdays }).expect(201)).body.duty.id;
    await as(admin.token).post('/api/email-reminder-settings', { enabled: true, time: '08:30', hoursAdvance: 24, minutesBefore }).expect(200);
    return { admin, ids, emails, duties };
  }

  const assign = (s: School, date: string, duty: string | null, ...names: string[]) =>
    as(s.admin.token)
      .post('/api/rota', { date, slots: names.map((n) => s.ids[n]), ...(duty ? { dutyId: s.duties[duty] } : {}) })
      .expect(201);

  /** The reminders before a duty's start that `name` received. */
  const startRemindersOf = (s: School, name: string): ReceivedEmail[] =>
    smtp.received.filter((e) => e.to.includes(s.emails[name]!) && e.subject.startsWith('Reminder: '));
  const sentRows = async (s: School) =>
    (await sql(
      `select st.name, d.name as duty, r.duty_date::text as date, r.kind from sent_duty_reminders r
         join staff st on st.id = r.staff_id join duties d on d.id = r.duty_id
         join organizations o on o.id = r.organization_id where o.subdomain = ? and r.email_id is not null order by r.kind, st.name`,
      [s.admin.subdomain],
    )) as { name: string; duty: string; date: string; kind: string }[];

  it('saves the minutes before a timed duty: 15, 30, 60 or none, kept when left out, refused otherwise with the reason', async () => {
    at('2025-09-08T08:00');
    const s = await school([], 30);
    const settings = () => as(s.admin.token).get('/api/email-reminder-settings').expect(200);
    expect((await settings()).body).toMatchObject({ enabled: true, time: '08:30', hoursAdvance: 24, minutesBefore: 30 });
    for (const minutesBefore of [20, 0, '15', 'soon', 90]) {
      const res = await as(s.admin.token)
        .post('/api/email-reminder-settings', { enabled: true, time: '08:30', hoursAdvance: 24, minutesBefore })
        .expect(400);
      expect(JSON.stringify(res.body.message)).toContain('Minutes before a timed duty must be 15, 30 or 60, or null for no reminder on the day');
    }
    // Left out (a client that knows nothing of it): unchanged.
    await as(s.admin.token).post('/api/email-reminder-settings', { enabled: true, time: '07:45', hoursAdvance: 24 }).expect(200);
    expect((await settings()).body).toMatchObject({ time: '07:45', minutesBefore: 30 });
    await as(s.admin.token).post('/api/email-reminder-settings', { enabled: true, time: '07:45', hoursAdvance: 24, minutesBefore: 60 }).expect(200);
    const summaries = (await sql(
      `select a.summary from audit_entries a join organizations o on o.id = a.organization_id
        where o.subdomain = ? and a.action = 'settings.email-reminders' order by a.id`,
      [s.admin.subdomain],
    )) as { summary: string }[];
    expect(summaries.at(-1)!.summary).toBe('Email reminders on: 07:45, 24 hours before the duty, and 60 minutes before each timed duty starts');
    // Null turns it off; the answer is then the one a school that never set it gets.
    const off = await as(s.admin.token)
      .post('/api/email-reminder-settings', { enabled: true, time: '07:45', hoursAdvance: 24, minutesBefore: null })
      .expect(200);
    expect(off.body).not.toHaveProperty('minutesBefore');
    expect(Object.keys((await settings()).body).sort()).toEqual(['enabled', 'hoursAdvance', 'nextReminder', 'time', 'timeZone']);
  });

  it('sends one email 15 minutes before a timed duty per person, from two instances at once, and none for an all-day duty', async () => {
    at('2025-09-08T08:00');
    const s = await school(['Ann', 'Bob', 'Cat', 'Dan'], 15);
    await assign(s, '2025-09-09', 'Lunch', 'Ann', 'Bob');
    await assign(s, '2025-09-09', 'Field', 'Cat', 'Dan');

    at('2025-09-09T12:14');
    await Promise.all([pass(a), pass(b)]);
    await deliver();
    expect(startRemindersOf(s, 'Ann')).toEqual([]);

    at('2025-09-09T12:15');
    await Promise.all([pass(a), pass(b), pass(a), pass(b)]);
    await deliver();
    for (const name of ['Ann', 'Bob']) expect({ name, n: startRemindersOf(s, name).length }).toEqual({ name, n: 1 });
    const [ann] = startRemindersOf(s, 'Ann');
    expect(ann!.subject).toBe('Reminder: Lunch — Canteen, 12:30–13:10 today');
    expect(ann!.text).toContain('Dear Ann,');
    expect(ann!.text).toContain('Your duty starts in 15 minutes: Lunch — Canteen, 12:30–13:10 today.');
    expect(ann!.text).toContain('Open the side door.');
    expect(ann!.text).toContain('https://dm.example.com/my-rota');
    // The all-day duty's people get none.
    for (const name of ['Cat', 'Dan']) expect(startRemindersOf(s, name)).toEqual([]);

    // Later passes before the start, on either instance, send nothing again.
    at('2025-09-09T12:20');
    await Promise.all([pass(a), pass(b)]);
    await deliver();
    for (const name of ['Ann', 'Bob']) expect(startRemindersOf(s, name)).toHaveLength(1);
    expect((await sentRows(s)).filter((r) => r.kind === 'before-start')).toEqual([
      { name: 'Ann', duty: 'Lunch', date: '2025-09-09', kind: 'before-start' },
      { name: 'Bob', duty: 'Lunch', date: '2025-09-09', kind: 'before-start' },
    ]);
  });

  it('names the wet-weather post in the reminder of a day marked wet', async () => {
    at('2025-09-15T08:00');
    const s = await school(['Ivy', 'Jon'], 15);
    const weekdays = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, people: 1 }));
    s.duties.Yard = (
      await as(s.admin.token)
        .post('/api/duties', { name: 'Yard', place: 'Playground', wetPlace: 'Sports hall', startTime: '10:40', endTime: '11:00', weekdays })
        .expect(201)
    ).body.duty.id;
    await assign(s, '2025-09-16', 'Yard', 'Ivy');
    await assign(s, '2025-09-17', 'Yard', 'Jon');

    at('2025-09-16T08:00');
    await as(s.admin.token).put('/api/rota/wet-days', { date: '2025-09-16', wet: true }).expect(200);
    at('2025-09-16T10:25');
    await pass(a);
    // Both instances' workers: b's poll may claim what a's pass queued.
    await deliver();
    expect(startRemindersOf(s, 'Ivy').map((e) => e.subject)).toContain('Reminder: Yard — Sports hall, 10:40–11:00 today');
    // A dry day: the usual place.
    at('2025-09-17T10:25');
    await pass(a);
    await deliver();
    expect(startRemindersOf(s, 'Jon').map((e) => e.subject)).toContain('Reminder: Yard — Playground, 10:40–11:00 today');
  });

  it('catches up a missed pass until the duty starts, never after, and sends none while the setting is off', async () => {
    at('2025-09-09T08:00');
    const off = await school(['Eve'], null);
    const late = await school(['Fay', 'Gus'], 30);
    await assign(off, '2025-09-10', 'Lunch', 'Eve');
    await assign(late, '2025-09-10', 'Lunch', 'Fay');
    await assign(late, '2025-09-11', 'Lunch', 'Gus');
    // Reminders turned off keep the minutes (left out of the save) but send nothing.
    const disabled = await school(['Hugo'], 15);
    await as(disabled.admin.token).post('/api/email-reminder-settings', { enabled: false, time: '08:30', hoursAdvance: 24 }).expect(200);
    await assign(disabled, '2025-09-10', 'Lunch', 'Hugo');

    // The app was down from 11:55: the 12:00 reminder goes at 12:29, before the start.
    at('2025-09-10T12:29');
    await Promise.all([pass(a), pass(b)]);
    await deliver();
    expect(startRemindersOf(late, 'Fay').map((e) => e.text.split('\n\n')[1])).toEqual([
      'Your duty starts in 30 minutes: Lunch — Canteen, 12:30–13:10 today.',
    ]);
    expect(startRemindersOf(off, 'Eve')).toEqual([]);
    expect(startRemindersOf(disabled, 'Hugo')).toEqual([]);

    // Down until after Thursday's start: nothing goes out late.
    at('2025-09-11T12:30');
    await Promise.all([pass(a), pass(b)]);
    await deliver();
    expect(startRemindersOf(late, 'Gus')).toEqual([]);
    expect((await sentRows(late)).filter((r) => r.kind === 'before-start').map((r) => r.name)).toEqual(['Fay']);
  });

  it('sends one from the real cron jobs of two instances firing at the same minute', async () => {
    at('2025-09-15T08:00');
    const s = await school(['Hal', 'Ivy'], 60);
    await assign(s, '2025-09-16', 'Lunch', 'Hal', 'Ivy');
    const env = { APP_NOW: '2025-09-16T11:45', SMTP_URL: smtp.url, REMINDER_CRON: '0 * * * * *', JWT_SECRET };
    const c = await createTestApp({ env, databaseUrl: a.databaseUrl });
    const d = await createTestApp({ env, databaseUrl: a.databaseUrl });
    try {
      at('2025-09-16T11:45', c, d);
      const jobs = [c, d].map((t) => t.get(SchedulerRegistry).getCronJob(REMINDER_JOB));
      for (const job of jobs) expect(job.isActive).toBe(true);
      for (const job of jobs) job.fireOnTick();
      await Promise.all([c.get(RemindersService).tick(), d.get(RemindersService).tick()]);
      await deliver(c, d);
      await smtp.waitFor((e) => e.to.includes(s.emails.Ivy!) && e.subject.startsWith('Reminder: '));
      for (const name of ['Hal', 'Ivy']) expect({ name, n: startRemindersOf(s, name).length }).toEqual({ name, n: 1 });
      expect(startRemindersOf(s, 'Hal')[0]!.text).toContain('Your duty starts in 60 minutes: Lunch — Canteen, 12:30–13:10 today.');
    } finally {
      await d.close();
      await c.close();
    }
  });

  it('reminds each duty the evening before with the weekend rule, listing time and place, and the Duty Manager day with its other duties', async () => {
    at('2025-09-18T08:00');
    const s = await school(['Jo', 'Kit', 'Lee'], null);
    await as(s.admin.token).put('/api/duty-rules', { maxDutiesPerDay: 2, allDayDutiesCount: false }).expect(200);
    // Monday 22 September: Jo at lunch only; Kit on the Duty Manager duty and at lunch; Lee on the Duty Manager duty only.
    await assign(s, '2025-09-22', null, 'Kit', 'Lee');
    await assign(s, '2025-09-22', 'Lunch', 'Jo', 'Kit');
    const daily = (name: string) => smtp.received.filter((e) => e.to.includes(s.emails[name]!) && /Reminder - /i.test(e.subject));

    at('2025-09-19T08:29');
    await pass(a);
    await deliver();
    expect(daily('Jo')).toEqual([]);

    // The instant 24 hours ahead is a Sunday: the reminders go on Friday at 08:30.
    at('2025-09-19T08:30');
    await Promise.all([pass(a), pass(b)]);
    await deliver();
    expect(daily('Jo').map((e) => e.subject)).toEqual(['Duty reminder - Monday 22 September 2025']);
    expect(daily('Jo')[0]!.text).toContain('This is a reminder of your duty on Monday 22 September 2025:\n\n- Lunch — Canteen, 12:30–13:10');
    // Each duty's event is attached as the feeds write it: Lunch timed, in UTC (12:30 BST is 11:30Z).
    expect(daily('Jo')[0]!.attachments.map((a) => a.filename)).toEqual(['duty-2025-09-22-lunch-canteen.ics']);
    expect(daily('Jo')[0]!.attachments[0]!.content).toMatch(/DTSTART:20250922T113000Z[\s\S]*DTEND:20250922T121000Z[\s\S]*LOCATION:Canteen/);
    // Kit: the Duty Manager's wording, with each duty that day; one email.
    expect(daily('Kit').map((e) => e.subject)).toEqual(['Duty Manager Reminder - Monday 22 September 2025']);
    expect(daily('Kit')[0]!.html).toContain('<li>Duty Manager, all day</li><li>Lunch — Canteen, 12:30–13:10</li>');
    expect(daily('Kit')[0]!.attachments.map((a) => a.filename)).toEqual(['duty-2025-09-22.ics', 'duty-2025-09-22-lunch-canteen.ics']);
    // Lee, on the Duty Manager duty alone, gets today's email with no list.
    expect(daily('Lee')[0]!.html).not.toContain('Your duties that day');

    at('2025-09-21T08:30');
    await Promise.all([pass(a), pass(b)]);
    await deliver();
    for (const name of ['Jo', 'Kit', 'Lee']) expect({ name, n: daily(name).length }).toEqual({ name, n: 1 });
    expect((await sentRows(s)).map((r) => `${r.name} ${r.duty} ${r.kind}`)).toEqual(['Jo Lunch day-before', 'Kit Lunch day-before']);
  });
});
