import { MikroORM, RequestContext } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { UnitOfWork } from '../src/database/unit-of-work';
import { OutboxEmail } from '../src/modules/mail/entities/outbox-email.entity';
import { OutboxRepository } from '../src/modules/mail/outbox.repository';
import { OutboxService } from '../src/modules/mail/outbox.service';
import { OutboxWorker } from '../src/modules/mail/outbox.worker';
import { SmtpSink } from './support/smtp-sink';
import { createTestApp, type TestApp } from './support/test-app';

describe('the email outbox', () => {
  let smtp: SmtpSink;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    smtp = await new SmtpSink().start();
    a = await createTestApp({ env: { SMTP_URL: smtp.url } });
    b = await createTestApp({ env: { SMTP_URL: smtp.url }, databaseUrl: a.databaseUrl });
  });

  afterAll(async () => {
    await b.close();
    await a.close();
    await smtp.stop();
  });

  const em = (t: TestApp) => t.get(MikroORM).em.fork() as EntityManager;

  async function enqueue(t: TestApp, subjects: string[]): Promise<void> {
    await em(t).transactional(async () => {
      for (const subject of subjects) {
        t.get(OutboxService).enqueue({ kind: 'test', containsAccessLink: false, to: 'staff@example.com', subject, html: `<p>${subject}</p>`, text: subject });
      }
    });
  }

  it('is written in the caller’s transaction: a rolled-back change sends nothing', async () => {
    await expect(
      em(a).transactional(async (tx) => {
        a.get(OutboxService).enqueue({ kind: 'test', containsAccessLink: false, to: 'x@example.com', subject: 'rolled back', html: '', text: '' });
        await tx.flush();
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await em(a).count(OutboxEmail, { subject: 'rolled back' })).toBe(0);
  });

  it('wakes the worker once a change that queued an email commits: not before, not on rollback, not for other changes', async () => {
    const wake = jest.fn();
    a.get(OutboxRepository).onQueuedEmailCommitted(wake);
    const queue = (subject: string) =>
      a.get(OutboxService).enqueue({ kind: 'test', containsAccessLink: false, to: 'wake@example.com', subject, html: '', text: subject });

    // A transaction: flushed inside it is not committed yet.
    await em(a).transactional(async (tx) => {
      queue('wake: committed');
      await tx.flush();
      expect(wake).not.toHaveBeenCalled();
    });
    expect(wake).toHaveBeenCalledTimes(1);

    // Rolled back: nothing to send.
    await expect(
      em(a).transactional(async (tx) => {
        queue('wake: rolled back');
        await tx.flush();
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(wake).toHaveBeenCalledTimes(1);

    // A change without email.
    await em(a).transactional(async (tx) => {
      await tx.execute('select 1');
    });
    expect(wake).toHaveBeenCalledTimes(1);

    // Nested: the inner transaction's end is a savepoint, the outer commit is what counts.
    await em(a).transactional(async (outer) => {
      await outer.transactional(async () => {
        queue('wake: nested');
      });
      expect(wake).toHaveBeenCalledTimes(1);
    });
    expect(wake).toHaveBeenCalledTimes(2);

    // A flush outside any transaction commits on its own.
    await RequestContext.create(em(a), async () => {
      queue('wake: plain flush');
      await a.get(UnitOfWork).flush();
    });
    expect(wake).toHaveBeenCalledTimes(3);

    expect(await em(a).count(OutboxEmail, { subject: { $like: 'wake: %' } })).toBe(3);
    // Delivered before the next test arranges the mail server's failures, by both instances: b's
    // two-second poll may have claimed one of these and still be sending it.
    await Promise.all([a.get(OutboxWorker).finishSending(), b.get(OutboxWorker).finishSending()]);
  });

  it('retries a failed delivery with backoff and then sends it once', async () => {
    smtp.failNext(1);
    await enqueue(a, ['retry me']);
    await a.get(OutboxWorker).finishSending();
    const failed = await em(a).findOneOrFail(OutboxEmail, { subject: 'retry me' });
    expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
    expect(failed.lastError).toMatch(/451|Try again later/);
    expect(failed.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(25_000);

    // Time passes: the retry is due.
    await em(a).getConnection().execute(`UPDATE outbox_emails SET next_attempt_at = now() WHERE subject = 'retry me'`);
    await a.get(OutboxWorker).finishSending();
    const sent = await em(a).findOneOrFail(OutboxEmail, { subject: 'retry me' });
    expect(sent).toMatchObject({ status: 'sent', attempts: 2 });
    expect(smtp.received.filter((e) => e.subject === 'retry me')).toHaveLength(1);
  });

  it('delivers each email exactly once while two app instances drain at the same time', async () => {
    const subjects = Array.from({ length: 30 }, (_, i) => `batch ${i}`);
    await enqueue(a, subjects);
    await Promise.all([a.get(OutboxWorker).drain(), b.get(OutboxWorker).drain(), b.get(OutboxWorker).drain()]);
    await Promise.all([a.get(OutboxWorker).finishSending(), b.get(OutboxWorker).finishSending()]);
    for (const subject of subjects) {
      expect(smtp.received.filter((e) => e.subject === subject)).toHaveLength(1);
    }
    const statuses = await em(a).getConnection().execute(
      `SELECT status, count(*)::int AS n FROM outbox_emails WHERE subject LIKE 'batch %' GROUP BY status`,
    );
    expect(statuses).toEqual([{ status: 'sent', n: 30 }]);
    const ids = smtp.received.filter((e) => e.subject.startsWith('batch ')).map((e) => e.messageId);
    expect(new Set(ids).size).toBe(30);
  });

  it('without SMTP_URL records emails as simulated and sends nothing', async () => {
    const testMode = await createTestApp();
    try {
      await enqueue(testMode, ['simulated one']);
      await testMode.get(OutboxWorker).finishSending();
      const row = await em(testMode).findOneOrFail(OutboxEmail, { subject: 'simulated one' });
      expect(row.status).toBe('simulated');
      expect(row.sentAt).toBeInstanceOf(Date);
      expect(smtp.received.some((e) => e.subject === 'simulated one')).toBe(false);
    } finally {
      await testMode.close();
    }
  });
});
