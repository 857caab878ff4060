import { EntityManager, type IsolationLevel } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

/**
 * Where a use case says "these writes are one transaction", without holding the EntityManager:
 * services start transactions here and reach data only through repositories (docs/architecture.md,
 * "One door per module"). Inside `transaction`, every repository's injected EntityManager is the
 * transaction's (MikroORM keeps the transaction's fork in its TransactionContext, which the
 * injected manager consults first), so repositories take no `em` parameter. The transaction
 * flushes tracked entities and commits when `work` resolves, and rolls back when it throws; a
 * `transaction` inside another joins it.
 */
@Injectable()
export class UnitOfWork {
  constructor(private readonly em: EntityManager) {}

  transaction<T>(work: () => Promise<T>, options: { isolationLevel?: IsolationLevel } = {}): Promise<T> {
    return this.em.transactional(() => work(), options);
  }

  /** Writes the changes made to loaded entities now, inside the current transaction if any. */
  flush(): Promise<void> {
    return this.em.flush();
  }
}
