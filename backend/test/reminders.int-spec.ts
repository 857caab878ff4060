import { MikroORM } from '@mikro-orm/core';
import { SchedulerRegistry } from '@nestjs/schedule';
import { Clock, FixedClock, parsePinnedNow } from '../src/common/clock/clock';
import { OutboxWorker } from '../src/modules/mail/outbox.worker';
import { REMINDER_JOB, RemindersService } from '../src/modules/reminders/reminders.service';
import { bearer, registerOrganization, type Account } from './support/accounts';
import { memberWithRole } from './support/members';
import { SmtpSink, type ReceivedEmail } from './support/smtp-sink';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * The reminder service against a real PostgreSQL and a real SMTP server, with two app instances
 * on one database and their clocks walked through a school week (Europe/London).
 */
const JWT_SECRET = 'reminders-test-secret-0123456789abcdef0123456789';

describe('duty reminders', () => {
  let smtp: SmtpSink;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    smtp = await new SmtpSink().start();
    // One secret for every instance, as in production (passport's strategy is process-wide).
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

  /** Both instances' clocks at a London wall time. */
  function at(wall: string): void {
    for (const t of [a, b]) (t.get(Clock) as FixedClock).set(parsePinnedNow(wall, 'Europe/London'));
  }

  const pass = (t: TestApp) => t.get(RemindersService).runScheduledPass();
  const deliver = async () => {
    await a.get(OutboxWorker).finishSending();
    await b.get(OutboxWorker).finishSending();
  };
  const as = (token: string) => ({
    get: (url: string) => a.http().get(url).set(...bearer(token)),
    post: (url: string, body: object = {}) => a.http().post(url).set(...bearer(token)).send(body),
  });

  interface School {
    admin: Account;
    ids: Record<string, string>;
    emails: Record<string, string>;
  }

  async function school(names: string[]): Promise<School> {
    const admin = await registerOrganization(a);
    const ids: Record<string, string> = {};
    const emails: Record<string, string> = {};
    for (const [i, name] of names.entries()) {
      const email = `${name.toLowerCase()}-${admin.subdomain}@example.com`;
      const res = await as(admin.token).post('/api/staff', { name, email, isTeaching: i % 2 === 0 }).expect(201);
      ids[name] = res.body.id;
      emails[name] = email;
    }
    return { admin, ids, emails };
  }

  const assign = (s: School, date: string, ...names: string[]) =>
    as(s.admin.token).post('/api/rota', { date, slots: names.map((n) => s.ids[n]) }).expect(201);

  /** The reminders `email` received: each carries its duty's event (other emails, such as being put on duty, carry none). */
  const receivedBy = (email: string): ReceivedEmail[] =>
    smtp.received.filter((e) => e.to.includes(email) && e.attachments.some((a) => a.content.includes('METHOD:PUBLISH')));
  const reminderRows = async (s: School) =>
    (await sql(
      `select st.name, r.duty_date::text as date, r.trigger from duty_reminders r join staff st on st.id = r.staff_id
        join organizations o on o.id = r.organization_id where o.subdomain = ? order by r.duty_date, st.name`,
      [s.admin.subdomain],
    )) as { name: string; date: string; trigger: string }[];

  it('reminds a Tuesday duty on Monday at 08:30, 24 hours ahead, with the duty as an .ics file', async () => {
    const s = await school(['Ann', 'Bob']);
    await assign(s, '2025-09-09', 'Ann', 'Bob');

    at('2025-09-08T08:29');
    await pass(a);
    expect(await reminderRows(s)).toEqual([]);

    at('2025-09-08T08:30');
    await pass(a);
    await deliver();
    const [ann] = receivedBy(s.emails.Ann!);
    expect(receivedBy(s.emails.Ann!)).toHaveLength(1);
    expect(receivedBy(s.emails.Bob!)).toHaveLength(1);
    expect(ann!.subject).toBe('Duty Manager Reminder - Tuesday 9 September 2025');
    expect(ann!.html).toContain('Dear Ann,');
    expect(ann!.html).toContain('<strong>Tuesday 9 September 2025</strong>');
    expect(ann!.html).toContain('On duty with you: Bob.');
    expect(ann!.text).toContain('https://dm.example.com/my-rota');
    expect(ann!.attachments).toHaveLength(1);
    const ics = ann!.attachments[0]!;
    expect(ics).toMatchObject({ filename: 'duty-2025-09-09.ics', contentType: 'text/calendar' });
    expect(ics.content).toContain('DTSTART;VALUE=DATE:20250909');
    expect(ics.content).toContain('DTEND;VALUE=DATE:20250910');
    expect(ics.content).toContain('SUMMARY:Duty Manager - Ann');
    expect(ics.content).toContain(`UID:duty-`);
    expect(ics.content).toContain('DTSTAMP:20250908T073000Z');
    expect(await reminderRows(s)).toEqual([
      { name: 'Ann', date: '2025-09-09', trigger: 'schedule' },
      { name: 'Bob', date: '2025-09-09', trigger: 'schedule' },
    ]);

    // Later passes the same day send nothing again.
    at('2025-09-08T15:00');
    await pass(a);
    await pass(b);
    await deliver();
    expect(receivedBy(s.emails.Ann!)).toHaveLength(1);
  });

  it('reminds a Monday duty on the Friday before, at the reminder time', async () => {
    const s = await school(['Cat']);
    await assign(s, '2025-09-15', 'Cat');
    at('2025-09-12T08:29');
    await pass(a);
    expect(await reminderRows(s)).toEqual([]);
    at('2025-09-12T08:30');
    await pass(b);
    await deliver();
    expect(receivedBy(s.emails.Cat!).map((e) => e.subject)).toEqual(['Duty Manager Reminder - Monday 15 September 2025']);
    // Sunday 08:30, the instant 24 hours ahead, finds it already sent.
    at('2025-09-14T08:30');
    await pass(a);
    await deliver();
    expect(receivedBy(s.emails.Cat!)).toHaveLength(1);
  });

  it('delivers each reminder once when two instances run the pass at the same minute', async () => {
    const names = ['Dee', 'Eli', 'Fox', 'Gil', 'Hal', 'Ivy'];
    const s = await school(names);
    await as(s.admin.token).post('/api/system-settings', { dutyManagersPerDay: 3 }).expect(200);
    await assign(s, '2025-09-17', 'Dee', 'Eli', 'Fox');
    await assign(s, '2025-09-18', 'Gil', 'Hal', 'Ivy');
    at('2025-09-17T08:30');
    await Promise.all([pass(a), pass(b), pass(a), pass(b)]);
    await Promise.all([a.get(OutboxWorker).drain(), b.get(OutboxWorker).drain()]);
    await deliver();
    for (const name of names) expect({ name, n: receivedBy(s.emails[name]!).length }).toEqual({ name, n: 1 });
    expect(await reminderRows(s)).toHaveLength(6);
    const ids = names.map((n) => receivedBy(s.emails[n]!)[0]!.messageId);
    expect(new Set(ids).size).toBe(6);
  });

  it('sends nothing twice when a pass is cut off in the middle, or the app restarts before delivering', async () => {
    const s = await school(['Jo', 'Kit', 'Lee']);
    await as(s.admin.token).post('/api/system-settings', { dutyManagersPerDay: 3 }).expect(200);
    await assign(s, '2025-09-23', 'Jo', 'Kit', 'Lee');
    at('2025-09-22T08:30');

    // The pass dies after claiming the reminders, while writing their emails (as a crash would):
    // nothing of it is kept.
    await sql(`create or replace function fail_third_reminder() returns trigger language plpgsql as $$
      begin
        if new.kind = 'duty-reminder' and (select count(*) from duty_reminders where organization_id = new.organization_id) >= 3 then
          raise exception 'crash in the middle of the pass';
        end if;
        return new;
      end $$`);
    await sql('create trigger fail_third_reminder before insert on outbox_emails for each row execute function fail_third_reminder()');
    try {
      await pass(a);
    } finally {
      await sql('drop trigger fail_third_reminder on outbox_emails');
    }
    expect(await reminderRows(s)).toEqual([]);
    expect(await sql(`select 1 from outbox_emails where kind = 'duty-reminder' and subject like '%23 September%'`)).toEqual([]);

    // A third instance queues them, then stops before its mail server answers (as a restart would).
    const deadSmtp = await new SmtpSink().start();
    await deadSmtp.stop();
    const c = await createTestApp({ env: { APP_NOW: '2025-09-22T08:30', SMTP_URL: deadSmtp.url, JWT_SECRET }, databaseUrl: a.databaseUrl });
    await c.get(RemindersService).runScheduledPass();
    await c.get(OutboxWorker).finishSending();
    await c.close();
    expect(await reminderRows(s)).toHaveLength(3);
    expect(receivedBy(s.emails.Jo!)).toHaveLength(0);

    // After the restart: the pass finds the claims, the outbox retries, each person gets one email.
    await pass(a);
    await pass(b);
    await sql(`update outbox_emails set next_attempt_at = now() where status = 'pending'`);
    await deliver();
    for (const name of ['Jo', 'Kit', 'Lee']) expect({ name, n: receivedBy(s.emails[name]!).length }).toEqual({ name, n: 1 });
  });

  it('retries while the mail server fails and delivers everything once it recovers', async () => {
    const s = await school(['Max', 'Ned']);
    await assign(s, '2025-09-25', 'Max', 'Ned');
    smtp.failNext(1_000);
    try {
      at('2025-09-24T08:30');
      await pass(a);
      // Each hour: the retry comes due, and both workers try. Read after a try, not after making
      // the rows due: the workers' own 2-second poll would be claiming them then.
      for (let hour = 0; hour < 4; hour += 1) {
        await sql(`update outbox_emails set next_attempt_at = now() where status = 'pending'`);
        await deliver();
      }
      const waiting = (await sql(
        `select status, attempts, last_error from outbox_emails where kind = 'duty-reminder' and "to" in (?, ?)`,
        [s.emails.Max, s.emails.Ned],
      )) as { status: string; attempts: number; last_error: string }[];
      expect(waiting).toHaveLength(2);
      for (const row of waiting) {
        expect(row.status).toBe('pending');
        expect(row.attempts).toBeGreaterThanOrEqual(4);
        expect(row.last_error).toMatch(/451|Try again later/);
      }
      expect(receivedBy(s.emails.Max!)).toHaveLength(0);
    } finally {
      smtp.failNext(0);
    }
    await sql(`update outbox_emails set next_attempt_at = now() where status = 'pending'`);
    await deliver();
    expect(receivedBy(s.emails.Max!)).toHaveLength(1);
    expect(receivedBy(s.emails.Ned!)).toHaveLength(1);
    const statuses = await sql(`select distinct status from outbox_emails where "to" in (?, ?)`, [s.emails.Max, s.emails.Ned]);
    expect(statuses).toEqual([{ status: 'sent' }]);
  });

  it('sends nothing while reminders are off', async () => {
    const s = await school(['Oli']);
    await assign(s, '2025-09-30', 'Oli');
    await as(s.admin.token).post('/api/email-reminder-settings', { enabled: false, time: '08:30', hoursAdvance: 24 }).expect(200);
    at('2025-09-29T08:30');
    await pass(a);
    at('2025-09-30T12:00');
    await pass(b);
    await deliver();
    expect(await reminderRows(s)).toEqual([]);
    expect(receivedBy(s.emails.Oli!)).toHaveLength(0);
    const res = await as(s.admin.token).post('/api/test-email-reminders-date', { date: '2025-09-30' }).expect(409);
    expect(res.body.message).toBe('Email reminders are turned off. Turn them on in Email Reminder Settings to send reminders.');
  });

  it('does not re-send after a change, reminds whoever joins, and never the person taken off', async () => {
    const s = await school(['Pat', 'Quin', 'Ray', 'Sue']);
    await assign(s, '2025-10-07', 'Pat');
    at('2025-10-06T08:30');
    await pass(a);
    // Quin joins Tuesday after the reminders went out: only Quin is reminded next.
    await assign(s, '2025-10-07', 'Quin');
    at('2025-10-06T08:31');
    await pass(b);
    await deliver();
    expect(receivedBy(s.emails.Pat!)).toHaveLength(1);
    expect(receivedBy(s.emails.Quin!)).toHaveLength(1);

    // Ray is taken off Thursday before the reminder time; auto-fill brings someone else in.
    await assign(s, '2025-10-09', 'Ray');
    await as(s.admin.token).post('/api/cancel-requests', { staffId: s.ids.Ray, date: '2025-10-09', reason: 'Trip' }).expect(201);
    at('2025-10-08T08:30');
    await pass(a);
    await deliver();
    expect(receivedBy(s.emails.Ray!).filter((e) => e.subject.startsWith('Duty Manager Reminder'))).toHaveLength(0);
    const thursday = (await reminderRows(s)).filter((r) => r.date === '2025-10-09');
    expect(thursday).toHaveLength(1);
    expect(thursday[0]!.name).not.toBe('Ray');
  });

  it('never turns a name into a link: a template with {staffName} in an href sends no javascript:, data: or vbscript: link', async () => {
    const s = await school([]);
    const hostile = ['javascript:alert(1)//', 'data:text/html,<script>alert(1)</script>', 'vbscript:msgbox(1)', 'jav&#x61;script:alert(1)', 'JaVaScRiPt:alert(1)'];
    const people = [];
    for (const [i, name] of hostile.entries()) {
      const email = `hostile-${i}-${s.admin.subdomain}@example.com`;
      const res = await as(s.admin.token).post('/api/staff', { name, email }).expect(201);
      people.push({ name, email, id: res.body.id as string });
    }
    // Two duty managers a day (the default).
    for (const [i, date] of ['2025-11-04', '2025-11-05', '2025-11-06'].entries()) {
      await as(s.admin.token).post('/api/rota', { date, slots: people.slice(2 * i, 2 * i + 2).map((p) => p.id) }).expect(201);
    }
    // Stored as it was before placeholders were sanitised after filling (the save route now
    // drops an href that is not an absolute http(s) or mailto address).
    const template = {
      subject: 'Duty on {date}',
      greeting: '<a href="{staffName}">Dear {staffName}</a>,',
      mainMessage: "You are on duty on {date}. <a href='{staffName}'>x</a> <a href={staffName}>y</a> <a href=\"https://school.example/{staffName}\">profile</a>",
      keyReminders: ['<a href="{staffName}">Your page</a>'],
      emergencyContacts: ['<a href="mailto:office@school.example">Office</a>'],
      footerMessage: 'Thanks',
      signature: 'Head',
    };
    await sql(
      `update system_settings set email_template = ?::jsonb where organization_id = (select id from organizations where subdomain = ?)`,
      [JSON.stringify(template), s.admin.subdomain],
    );
    expect((await as(s.admin.token).get('/api/email-template').expect(200)).body.greeting).toBe(template.greeting);

    at('2025-11-03T08:30');
    await pass(a);
    at('2025-11-04T08:30');
    await pass(b);
    at('2025-11-05T08:30');
    await pass(a);
    await deliver();
    for (const person of people) {
      const [email] = receivedBy(person.email);
      expect(email).toBeDefined();
      expect(email!.html).toContain('Dear ');
      const hrefs = [...email!.html.matchAll(/href="([^"]*)"/gi)].map((m) => m[1]!);
      expect(hrefs.filter((href) => !/^(https:\/\/(school|dm)\.example|mailto:office@school\.example$)/.test(href))).toEqual([]);
      expect(hrefs.filter((h) => h.startsWith('https://school.example/'))).toHaveLength(1);
      expect(email!.html).not.toMatch(/href\s*=\s*['"]?\s*(javascript|data|vbscript|jav&)/i);
      expect(email!.html).not.toMatch(/<script/i);
      expect(email!.text).not.toMatch(/\((javascript|data|vbscript|jav&#x61;script):/i);
    }
  });

  it('runs from the real cron job when the schedule is on', async () => {
    const s = await school(['Tom']);
    await assign(s, '2025-10-14', 'Tom');
    const c = await createTestApp({
      env: { APP_NOW: '2025-10-13T08:30', SMTP_URL: smtp.url, REMINDER_CRON: '0 * * * * *', JWT_SECRET },
      databaseUrl: a.databaseUrl,
    });
    try {
      const job = c.get(SchedulerRegistry).getCronJob(REMINDER_JOB);
      expect(job.cronTime.source).toBe('0 * * * * *');
      expect(job.isActive).toBe(true);
      job.fireOnTick();
      await c.get(RemindersService).tick();
      await c.get(OutboxWorker).finishSending();
      expect((await smtp.waitFor((e) => e.to.includes(s.emails.Tom!) && /Reminder/.test(e.subject))).subject).toBe('Duty Manager Reminder - Tuesday 14 October 2025');
    } finally {
      await c.close();
    }
    expect(a.get(SchedulerRegistry).doesExist('cron', REMINDER_JOB)).toBe(false);
  });

  describe('Email System Testing', () => {
    it('sends the reminders for a date now, once, and says what it did', async () => {
      const s = await school(['Uma', 'Vic']);
      await assign(s, '2025-10-17', 'Uma', 'Vic');
      at('2025-10-13T10:00');
      const first = await as(s.admin.token).post('/api/test-email-reminders-date', { date: '2025-10-17' }).expect(200);
      expect(first.body).toMatchObject({
        message: 'Sent 2 reminders for Friday 17 October 2025.',
        testMode: false,
        dates: ['2025-10-17'],
        onDuty: 2,
        queued: 2,
        alreadyReminded: 0,
        ranAt: '2025-10-13T09:00:00.000Z',
      });
      await deliver();
      expect(receivedBy(s.emails.Uma!)).toHaveLength(1);
      const again = await as(s.admin.token).post('/api/test-email-reminders-date', { date: '2025-10-17' }).expect(200);
      expect(again.body.message).toBe('Everyone on duty on Friday 17 October 2025 has already been reminded (2 people); each reminder goes out once.');
      // The schedule later finds them claimed.
      at('2025-10-16T08:30');
      await pass(a);
      await deliver();
      expect(receivedBy(s.emails.Uma!)).toHaveLength(1);
      expect((await reminderRows(s)).map((r) => r.trigger)).toEqual(['test', 'test']);

      const empty = await as(s.admin.token).post('/api/test-email-reminders-date', { date: '2025-10-20' }).expect(200);
      expect(empty.body.message).toBe('Nobody is on duty on Monday 20 October 2025, so there was no one to remind.');
      const weekend = await as(s.admin.token).post('/api/test-email-reminders-date', { date: '2025-10-18' }).expect(200);
      expect(weekend.body.message).toBe('Saturday 18 October 2025 is a weekend day: there are no duties to remind.');
    });

    it('runs the due pass now', async () => {
      const s = await school(['Wes']);
      await assign(s, '2025-10-21', 'Wes');
      at('2025-10-20T07:00');
      const early = await as(s.admin.token).post('/api/test-email-reminders').expect(200);
      expect(early.body.queued).toBe(0);
      at('2025-10-20T09:00');
      const due = await as(s.admin.token).post('/api/test-email-reminders').expect(200);
      expect(due.body).toMatchObject({ queued: 1, dates: ['2025-10-20', '2025-10-21'] });
      expect(due.body.message).toBe('Sent 1 reminder for Monday 20 October 2025 and Tuesday 21 October 2025.');
    });

    it('refuses bad dates, past dates and people who are not admins', async () => {
      const s = await school(['Xan']);
      at('2025-10-22T10:00');
      const past = await as(s.admin.token).post('/api/test-email-reminders-date', { date: '2025-10-21' }).expect(400);
      expect(past.body.message).toBe('Tuesday 21 October 2025 has passed. Choose today or a later date: reminders are for duties still to come.');
      const bad = await as(s.admin.token).post('/api/test-email-reminders-date', { date: '2025-02-31' }).expect(400);
      expect(JSON.stringify(bad.body.message)).toContain('Date must be a real date written as yyyy-MM-dd');
      await as(s.admin.token).post('/api/test-email-reminders-date', {}).expect(400);
      for (const role of ['manager', 'staff'] as const) {
        const member = await memberWithRole(a, s.admin, role, `${role} person`);
        const res = await as(member.token).post('/api/test-email-reminders').expect(403);
        expect(res.body.message).toBe("You don't have permission to change system settings");
        await as(member.token).get('/api/email-deliveries').expect(403);
      }
    });

    it('lists the ten newest emails newest first, by time, also when their ids gain a digit', async () => {
      const s = await school([]);
      // Move the id sequence to just below a power of ten, so the ids below cross it: text order
      // ("99" after "104") and number order then disagree.
      const [{ next }] = await sql(`select nextval(pg_get_serial_sequence('outbox_emails', 'id'))::text as next`);
      await sql(`select setval(pg_get_serial_sequence('outbox_emails', 'id'), ?)`, [10 ** (String(next).length + 1) - 6]);
      for (let i = 1; i <= 12; i++) {
        await sql(
          `insert into outbox_emails (organization_id, kind, "to", subject, html, text, status, sent_at, created_at)
           select id, 'test', 'x@example.com', ?, '', '', 'simulated', now(), now() + make_interval(secs => ?)
             from organizations where subdomain = ?`,
          [`email ${i}`, i, s.admin.subdomain],
        );
      }
      const list = await as(s.admin.token).get('/api/email-deliveries').expect(200);
      expect(list.body.emails.map((e: { subject: string }) => e.subject)).toEqual(
        [12, 11, 10, 9, 8, 7, 6, 5, 4, 3].map((i) => `email ${i}`),
      );
    });

    it('in test mode simulates the emails and lists them', async () => {
      const testMode = await createTestApp({ env: { APP_NOW: '2025-09-08T09:00', JWT_SECRET } });
      try {
        const admin = await registerOrganization(testMode);
        const staff = await testMode.http().post('/api/staff').set(...bearer(admin.token)).send({ name: 'Yas', email: 'yas@example.com' }).expect(201);
        await testMode.http().post('/api/rota').set(...bearer(admin.token)).send({ date: '2025-09-10', slots: [staff.body.id] }).expect(201);
        const res = await testMode.http().post('/api/test-email-reminders-date').set(...bearer(admin.token)).send({ date: '2025-09-10' }).expect(200);
        expect(res.body.testMode).toBe(true);
        expect(res.body.message).toBe(
          'Simulated 1 reminder for Wednesday 10 September 2025. Test mode: no mail server is configured, so the emails were simulated, not sent.',
        );
        await testMode.get(OutboxWorker).finishSending();
        const list = await testMode.http().get('/api/email-deliveries').set(...bearer(admin.token)).expect(200);
        expect(list.body.testMode).toBe(true);
        expect(list.body.emails[0]).toMatchObject({
          kind: 'duty-reminder',
          to: 'yas@example.com',
          subject: 'Duty Manager Reminder - Wednesday 10 September 2025',
          status: 'simulated',
          text: expect.stringContaining('Dear Yas,'),
        });
        expect(smtp.received.some((e) => e.to.includes('yas@example.com'))).toBe(false);
      } finally {
        await testMode.close();
      }
    });
  });
});
