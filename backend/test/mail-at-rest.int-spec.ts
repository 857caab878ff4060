import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { PURGED_TEXT, REDACTED_TEXT } from '../src/modules/mail/entities/outbox-email.entity';
import { FAILED_BODY_RETENTION_DAYS, OutboxRetentionService, SENT_BODY_RETENTION_DAYS } from '../src/modules/mail/outbox-retention.service';
import { OutboxService } from '../src/modules/mail/outbox.service';
import { OutboxWorker } from '../src/modules/mail/outbox.worker';
import { bearer, registerOrganization, type Account } from './support/accounts';
import { linkIn, SmtpSink } from './support/smtp-sink';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * What the outbox keeps at rest (docs/security.md, "Data at rest"): the bodies of emails that
 * carry an access link are gone once they are sent, simulated or given up, and every other body
 * is purged after its retention period. Read straight from the table, as an attacker with a copy
 * of the database would.
 */
interface StoredEmail {
  id: string;
  kind: string;
  status: string;
  html: string;
  text: string;
  attachments: unknown;
  contains_access_link: boolean;
  body_removed_at: string | null;
}

const SECRET_KINDS = ['email-verification', 'invitation', 'password-reset'];

const sql = async <T = unknown>(t: TestApp, query: string, params: unknown[] = []): Promise<T> =>
  (await t.get(MikroORM).em.getConnection().execute(query, params)) as T;

const storedFor = (t: TestApp, to: string) =>
  sql<StoredEmail[]>(
    t,
    `SELECT id::text, kind, status, html, text, attachments, contains_access_link, body_removed_at
       FROM outbox_emails WHERE "to" = ? ORDER BY id`,
    [to],
  );

/** Every byte the table holds, to search for a token wherever it might hide. */
const wholeTable = async (t: TestApp) =>
  (await sql<{ dump: string | null }[]>(t, `SELECT string_agg(o::text, '\n') AS dump FROM outbox_emails o`))[0]?.dump ?? '';

/** Retries `check` until it passes: for work the app does after answering (forgot-password). */
async function until(check: () => Promise<void>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
}

function expectRedacted(rows: StoredEmail[], kinds: string[]): void {
  expect(rows.map((r) => r.kind).sort()).toEqual([...kinds].sort());
  for (const row of rows) {
    expect(row).toMatchObject({ contains_access_link: true, html: REDACTED_TEXT, text: REDACTED_TEXT, attachments: null });
    expect(['sent', 'simulated', 'failed']).toContain(row.status);
    expect(row.body_removed_at).not.toBeNull();
  }
}

describe('emails at rest', () => {
  describe('through a real mail server', () => {
    let smtp: SmtpSink;
    let t: TestApp;
    let admin: Account;
    const tokens: string[] = [];

    beforeAll(async () => {
      smtp = await new SmtpSink().start();
      t = await createTestApp({ env: { SMTP_URL: smtp.url, APP_URL: 'https://dm.example.com' } });
      admin = await registerOrganization(t);
    });

    afterAll(async () => {
      await t.close();
      await smtp.stop();
    });

    it('a verification email is delivered with its link, which then is not in the table, and still works', async () => {
      const email = await smtp.waitFor((e) => e.to.includes(admin.email) && /Verify/.test(e.subject));
      const token = linkIn(email, '/verify-email?token=').searchParams.get('token')!;
      tokens.push(token);
      await t.get(OutboxWorker).finishSending();
      expectRedacted(await storedFor(t, admin.email), ['email-verification']);
      expect(await wholeTable(t)).not.toContain(token);
      await t.http().post('/api/auth/verify-email').send({ token }).expect(200);
    });

    it('an invitation and a password reset are delivered and then redacted, and Email System Testing shows no link', async () => {
      const invitee = `ivy-${admin.subdomain}@example.com`;
      await t.http().post('/api/staff').set(...bearer(admin.token)).send({ name: 'Ivy', email: invitee, invite: true }).expect(201);
      const invitation = await smtp.waitFor((e) => e.to.includes(invitee));
      const inviteToken = linkIn(invitation, '/reset-password?token=').searchParams.get('token')!;
      tokens.push(inviteToken);

      const before = smtp.received.length;
      await t.http().post('/api/auth/forgot-password').send({ email: admin.email, organizationSubdomain: admin.subdomain }).expect(200);
      const reset = await smtp.waitFor((e) => e.to.includes(admin.email) && /Reset/.test(e.subject) && smtp.received.indexOf(e) >= before);
      const resetToken = linkIn(reset, '/reset-password?token=').searchParams.get('token')!;
      tokens.push(resetToken);

      await t.get(OutboxWorker).finishSending();
      expectRedacted(await storedFor(t, invitee), ['invitation']);
      expectRedacted(await storedFor(t, admin.email), ['email-verification', 'password-reset']);
      const table = await wholeTable(t);
      for (const token of tokens) expect(table).not.toContain(token);

      const deliveries = await t.http().get('/api/email-deliveries').set(...bearer(admin.token)).expect(200);
      expect(deliveries.body.emails.map((e: { kind: string; text: string }) => [e.kind, e.text])).toEqual([
        ['password-reset', REDACTED_TEXT],
        ['invitation', REDACTED_TEXT],
        ['email-verification', REDACTED_TEXT],
      ]);
      for (const token of tokens) expect(JSON.stringify(deliveries.body)).not.toContain(token);
      expect(JSON.stringify(deliveries.body)).not.toContain('token=');

      // The links work all the same: only their copy at rest is gone.
      await t.http().post('/api/auth/reset-password').send({ token: resetToken, newPassword: 'a-new-password-1' }).expect(200);
      await t.http().post('/api/auth/reset-password').send({ token: inviteToken, newPassword: 'ivy-password-1' }).expect(200);
      // The reset signed the admin out everywhere; sign in with the new password.
      const login = await t
        .http()
        .post('/api/auth/login')
        .send({ email: admin.email, password: 'a-new-password-1', organizationSubdomain: admin.subdomain })
        .expect(200);
      admin = { ...admin, token: login.body.token as string, password: 'a-new-password-1' };
    });

    it('an access email the server refused until it was given up is redacted too', async () => {
      const invitee = `una-${admin.subdomain}@example.com`;
      smtp.failNext(1);
      await t.http().post('/api/staff').set(...bearer(admin.token)).send({ name: 'Una', email: invitee, invite: true }).expect(201);
      await t.get(OutboxWorker).finishSending();
      const [waiting] = await storedFor(t, invitee);
      // Still to be retried: the link must stay until it is delivered.
      expect(waiting).toMatchObject({ status: 'pending', body_removed_at: null });
      expect(waiting!.text).toContain('/reset-password?token=');
      // Even then, Email System Testing shows the admin a placeholder: the link is Una's key.
      const listed = await t.http().get('/api/email-deliveries').set(...bearer(admin.token)).expect(200);
      expect(listed.body.emails[0]).toMatchObject({ to: invitee, status: 'pending', text: REDACTED_TEXT });
      expect(JSON.stringify(listed.body)).not.toContain('token=');

      // Three days of refusals later it is given up.
      smtp.failNext(1);
      await sql(t, `UPDATE outbox_emails SET created_at = now() - interval '4 days', next_attempt_at = now() WHERE id = ?`, [waiting!.id]);
      await t.get(OutboxWorker).finishSending();
      const [failed] = await storedFor(t, invitee);
      expect(failed!.status).toBe('failed');
      expectRedacted([failed!], ['invitation']);
      expect(await wholeTable(t)).not.toMatch(/token=/);
    });
  });

  describe('in test mode (no mail server)', () => {
    let t: TestApp;

    beforeAll(async () => {
      t = await createTestApp({ env: { APP_URL: 'https://dm.example.com' } });
    });

    afterAll(() => t.close());

    it('verification, invitation and reset emails are simulated and not kept', async () => {
      const admin = await registerOrganization(t);
      const invitee = `ivy-${admin.subdomain}@example.com`;
      await t.http().post('/api/staff').set(...bearer(admin.token)).send({ name: 'Ivy', email: invitee, invite: true }).expect(201);
      await t.http().post('/api/auth/forgot-password').send({ email: admin.email, organizationSubdomain: admin.subdomain }).expect(200);
      // The reset email is queued after the answer (so timing says nothing about the account).
      await until(async () => {
        await t.get(OutboxWorker).finishSending();
        const rows = await sql<{ n: number }[]>(
          t,
          `SELECT count(*)::int AS n FROM outbox_emails WHERE kind IN (?) AND status = 'simulated'`,
          [SECRET_KINDS],
        );
        expect(rows[0]!.n).toBe(3);
      });
      expectRedacted([...(await storedFor(t, admin.email)), ...(await storedFor(t, invitee))], SECRET_KINDS);
      expect(await wholeTable(t)).not.toMatch(/token=/);

      const deliveries = await t.http().get('/api/email-deliveries').set(...bearer(admin.token)).expect(200);
      expect(deliveries.body.emails.map((e: { status: string; text: string }) => [e.status, e.text])).toEqual(
        Array(3).fill(['simulated', REDACTED_TEXT]),
      );
      expect(JSON.stringify(deliveries.body)).not.toContain('token=');
    });

    it(`keeps other bodies ${SENT_BODY_RETENTION_DAYS} days after sending, failed ones ${FAILED_BODY_RETENTION_DAYS} days, then purges them`, async () => {
      const subjects = ['sent long ago', 'sent recently', 'failed long ago', 'failed recently', 'pending long ago'];
      await (t.get(MikroORM).em.fork() as EntityManager).transactional(async () => {
        for (const subject of subjects) {
          t.get(OutboxService).enqueue({
            kind: 'test',
            containsAccessLink: false,
            to: 'keep@example.com',
            subject,
            html: `<p>${subject}</p>`,
            text: subject,
            attachments: [{ filename: 'duty.ics', contentType: 'text/calendar', content: 'BEGIN:VCALENDAR' }],
          });
        }
      });
      await t.get(OutboxWorker).finishSending();
      const days = (n: number) => `now() - make_interval(days => ${n})`;
      const set = (subject: string, assignments: string) => sql(t, `UPDATE outbox_emails SET ${assignments} WHERE subject = ?`, [subject]);
      await set('sent long ago', `sent_at = ${days(SENT_BODY_RETENTION_DAYS + 1)}`);
      await set('sent recently', `sent_at = ${days(SENT_BODY_RETENTION_DAYS - 1)}`);
      await set('failed long ago', `status = 'failed', created_at = ${days(FAILED_BODY_RETENTION_DAYS + 1)}`);
      await set('failed recently', `status = 'failed', created_at = ${days(FAILED_BODY_RETENTION_DAYS - 1)}`);
      await set('pending long ago', `status = 'pending', next_attempt_at = 'infinity', created_at = ${days(FAILED_BODY_RETENTION_DAYS + 100)}`);

      // Not secret-bearing: sending left every body in place.
      const kept = await storedFor(t, 'keep@example.com');
      expect(kept.every((r) => r.body_removed_at === null && r.attachments !== null && r.text !== PURGED_TEXT)).toBe(true);

      expect(await t.get(OutboxRetentionService).purgeExpiredBodies()).toBe(2);
      expect(await t.get(OutboxRetentionService).purgeExpiredBodies()).toBe(0);
      const after = await sql<{ subject: string; html: string; text: string; attachments: unknown; removed: boolean }[]>(
        t,
        `SELECT subject, html, text, attachments, body_removed_at IS NOT NULL AS removed FROM outbox_emails WHERE "to" = 'keep@example.com'`,
      );
      const bySubject = Object.fromEntries(after.map((r) => [r.subject, r]));
      for (const subject of ['sent long ago', 'failed long ago']) {
        expect(bySubject[subject]).toEqual({ subject, html: PURGED_TEXT, text: PURGED_TEXT, attachments: null, removed: true });
      }
      for (const subject of ['sent recently', 'failed recently', 'pending long ago']) {
        expect(bySubject[subject]).toMatchObject({ html: `<p>${subject}</p>`, text: subject, removed: false });
      }
    });
  });
});
