import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * A value that lives as long as the current transaction: the first call in a transaction creates
 * it, later calls in the same transaction (joined ones too) find it again, and it goes with the
 * transaction. None outside a transaction. Used to tell a person once per change
 * (OutboxRepository's letters, NotificationsRepository's notices).
 */
export class PerTransaction<V> {
  /** Keyed by the driver's transaction object, so nothing outlives it. */
  private readonly values = new WeakMap<object, V>();

  constructor(private readonly create: () => V) {}

  in(em: EntityManager): V | undefined {
    const transaction = em.getTransactionContext<object>();
    if (!transaction) return undefined;
    let value = this.values.get(transaction);
    if (value === undefined) this.values.set(transaction, (value = this.create()));
    return value;
  }

  /** The value of `transaction` (a driver transaction, as MikroORM's transaction events name it), if one was created. */
  of(transaction: object): V | undefined {
    return this.values.get(transaction);
  }
}
