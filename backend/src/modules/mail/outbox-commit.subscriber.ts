import { ChangeSetType, type EventSubscriber, type FlushEventArgs, type Transaction, type TransactionEventArgs } from '@mikro-orm/core';
import { OutboxEmail } from './entities/outbox-email.entity';

type KnexTransaction = Transaction & { isCompleted?: () => boolean };

/**
 * Wakes the outbox worker when a unit of work that queued an email has committed, so the email
 * goes out at once instead of at the worker's next poll — without any caller having to ask.
 * A flush outside a transaction has committed by the time `afterFlush` runs; a flush inside one
 * waits for the root transaction's commit (MikroORM runs commit hooks for root transactions
 * only, so a flush inside a nested one is matched once its savepoint is complete). A rollback
 * forgets it: nothing was queued.
 */
export class OutboxCommitSubscriber implements EventSubscriber {
  private readonly pending = new Set<KnexTransaction>();

  constructor(private readonly wake: () => void) {}

  afterFlush({ em, uow }: FlushEventArgs): void {
    const queued = uow.getChangeSets().some((cs) => cs.type === ChangeSetType.CREATE && cs.entity instanceof OutboxEmail);
    if (!queued) return;
    const trx = em.getTransactionContext<KnexTransaction>();
    if (trx) this.pending.add(trx);
    else this.wake();
  }

  afterTransactionCommit({ transaction }: TransactionEventArgs): void {
    if (this.settle(transaction)) this.wake();
  }

  afterTransactionRollback({ transaction }: TransactionEventArgs): void {
    this.settle(transaction);
  }

  /** Forgets the finished transaction and its completed savepoints; whether any had queued mail. */
  private settle(transaction: Transaction | undefined): boolean {
    let queued = false;
    for (const trx of this.pending) {
      if (trx === transaction || trx.isCompleted?.()) {
        this.pending.delete(trx);
        queued = true;
      }
    }
    return queued;
  }
}
