import type { MailerService } from '@nestjs-modules/mailer';
import type { ConfigService } from '@nestjs/config';
import type { Env } from '../../config/env';
import type { ClaimedEmail, OutboxRepository } from './outbox.repository';
import { OutboxWorker } from './outbox.worker';

/** An outbox of due emails that claims each once (as `FOR UPDATE SKIP LOCKED` does) and holds each mark-as-sent until released. */
function fakeOutbox() {
  const due: ClaimedEmail[] = [];
  const sent: string[] = [];
  const held = new Map<string, () => void>();
  /** Runs once, the first time a claim finds nothing due (just before that claim answers). */
  let onFirstEmptyClaim: (() => void) | undefined;
  const email = (id: string): ClaimedEmail => ({ id, to: `${id}@example.com`, subject: id, html: '', text: '', attachments: null, attempts: 1, age_seconds: 0 });
  const repository = {
    onQueuedEmailCommitted: () => undefined,
    claimDue: async (batch: number) => {
      const claimed = due.splice(0, batch);
      if (!claimed.length && onFirstEmptyClaim) {
        const then = onFirstEmptyClaim;
        onFirstEmptyClaim = undefined;
        then();
      }
      return claimed;
    },
    markSent: (id: string) =>
      new Promise<void>((resolve) =>
        held.set(id, () => {
          sent.push(id);
          resolve();
        }),
      ),
  };
  return {
    repository: repository as unknown as OutboxRepository,
    sent,
    queue: (id: string) => due.push(email(id)),
    whenFirstClaimFindsNothing: (then: () => void) => (onFirstEmptyClaim = then),
    /** Lets the pass holding `id` finish it (once that pass has reached it). */
    release: async (id: string) => {
      while (!held.has(id)) await new Promise((r) => setImmediate(r));
      held.get(id)!();
    },
  };
}

// No mail server: the worker marks emails simulated, so the fake outbox's markSent is where a pass waits.
const config = { SMTP_URL: 'off', get: () => 'Duty Manager <no-reply@dutymanager.app>' } as unknown as ConfigService<Env, true>;

describe('OutboxWorker.finishSending', () => {
  it('waits for a pass that started while it waited (a commit during the pass before) to send what it claimed', async () => {
    const outbox = fakeOutbox();
    const worker = new OutboxWorker(outbox.repository, {} as MailerService, config);
    outbox.queue('first');
    worker.kick(); // a pass claims "first" and sends it
    // As that pass finds nothing more due, a commit queues "second" and wakes the worker: a pass follows.
    outbox.whenFirstClaimFindsNothing(() => {
      outbox.queue('second');
      worker.kick();
    });
    let finished = false;
    const finishing = worker.finishSending().then(() => (finished = true));
    await outbox.release('first');
    // Give finishSending every chance to resolve early while the following pass holds "second".
    for (let i = 0; i < 20; i += 1) await new Promise((r) => setImmediate(r));
    expect(finished).toBe(false);
    await outbox.release('second');
    await finishing;
    expect(outbox.sent).toEqual(['first', 'second']);
  });
});
