import { ChangeSetType, type EventSubscriber, type FlushEventArgs, type Transaction, type TransactionEventArgs } from '@mikro-orm/core';
import { OutboxEmail } from './entities/outbox-email.entity';

/**
 * The one place that knows whether a transaction queued mail. Just before each transaction (or
 * savepoint) commits it has the transaction's letters written (`writeLetters`: those queued by
 * OutboxService.enqueueLetter, in one statement); once a unit of work that queued an email — a
 * letter or an entity it flushed — has committed, it wakes the outbox worker, so the email goes
 * out at once instead of at the worker's next poll, without any caller having to ask.
 * A flush outside a transaction has committed by the time `afterFlush` runs; a flush inside one
 * waits for the root transaction's commit. MikroORM 7 also reports a nested transaction's end
 * (its savepoint, `savepointName` set): a released savepoint's email waits for the root's
 * commit, a savepoint rolled back forgets its own. A rollback of the root forgets everything.
 */
export class OutboxCommitSubscriber implements EventSubscriber {
  /** Transactions (root or savepoint) that queued an email and have not ended. */
  private readonly pending = new Set<Transaction>();
  /** Savepoints that queued an email and were released: they count when their root commits. */
  private readonly released = new Set<Transaction>();

  constructor(
    /** Writes the letters the transaction queued; whether it had any. */
    private readonly writeLetters: (em: TransactionEventArgs['em'], transaction: Transaction) => Promise<boolean>,
    private readonly wake: () => void,
  ) {}

  afterFlush({ em, uow }: FlushEventArgs): void {
    const queued = uow.getChangeSets().some((cs) => cs.type === ChangeSetType.CREATE && cs.entity instanceof OutboxEmail);
    if (!queued) return;
    const trx = em.getTransactionContext();
    if (trx) this.pending.add(trx);
    else this.wake();
  }

  async beforeTransactionCommit({ em, transaction }: TransactionEventArgs): Promise<void> {
    if (transaction && (await this.writeLetters(em, transaction))) this.pending.add(transaction);
  }

  afterTransactionCommit({ transaction }: TransactionEventArgs): void {
    if (!transaction) return;
    if (transaction.savepointName) {
      if (this.pending.delete(transaction)) this.released.add(transaction);
      return;
    }
    if (this.forgetFinished(transaction)) this.wake();
  }

  afterTransactionRollback({ transaction }: TransactionEventArgs): void {
    if (!transaction) return;
    if (transaction.savepointName) {
      this.pending.delete(transaction);
      return;
    }
    this.forgetFinished(transaction);
  }

  /** Forgets the finished root transaction and its released savepoints; whether any had queued mail. */
  private forgetFinished(transaction: Transaction): boolean {
    const queued = this.pending.delete(transaction) || this.released.size > 0;
    this.released.clear();
    return queued;
  }
}
