import { AsyncLocalStorage } from 'node:async_hooks';
import { type EntityManager, RequestContext, TransactionContext } from '@mikro-orm/core';

/**
 * A request's own EntityManager, forked the first time something in the request asks for it.
 *
 * @mikro-orm/nestjs's middleware forks the EntityManager on every request (`RequestContext.create`:
 * a new unit of work, entity factory and loader, the filters and their parameters copied), used
 * or not; most signed-in reads never use it (the session, the month rota, the dashboard and the
 * staff list run prepared statements on the pool: prepared-read.ts), and the fork was about 7 % of
 * the app's CPU per request under bench/api (docs/performance.md#api-at-scale). Here the request
 * opens a scope that holds no fork yet; MikroORM's `context` option (its documented hook for "the
 * current request context's EntityManager", ormSettings in config/mikro-orm.config.ts) resolves
 * the injected manager to the scope's fork, made on the first call and the same for the rest of
 * the request, exactly what `RequestContext.create(orm.em, next)` would have forked up front.
 *
 * What MikroORM's own context gives still wins: a `RequestContext.create` inside a request (a
 * background job's JobContext, tests) has its own fork, and inside `em.transactional` MikroORM
 * looks at its TransactionContext before asking `context` at all. Only public API is used:
 * request-entity-manager.spec.ts holds MikroORM to the behaviour this relies on.
 */
class RequestScope {
  #fork: EntityManager | undefined;

  constructor(private readonly root: EntityManager) {}

  /** The request's fork of the manager named `name`, made on the first call. */
  get(name: string): EntityManager | undefined {
    if (name !== this.root.name) return undefined;
    // Outside this scope, as the middleware forked it before the request's context was open: the
    // new manager asks for its context while it is being built, which would otherwise be this scope.
    this.#fork ??= scopes.exit(() => this.root.fork({ useContext: true }));
    return this.#fork;
  }

  /** The request's fork if it has been made, without making it. */
  existing(name: string): EntityManager | undefined {
    return name === this.root.name ? this.#fork : undefined;
  }
}

const scopes = new AsyncLocalStorage<RequestScope>();

/** Runs `next` (the rest of a request) in a scope whose fork of `root` is made when first asked for. */
export function openRequestScope<T>(root: EntityManager, next: () => T): T {
  return scopes.run(new RequestScope(root), next);
}

/**
 * MikroORM's `context` option: the EntityManager a context-resolving manager (the injected one)
 * works on. A RequestContext's fork (what MikroORM's default answers), else the request's lazy fork.
 */
export function requestEntityManager(name: string): EntityManager | undefined {
  return RequestContext.getEntityManager(name) ?? scopes.getStore()?.get(name);
}

/**
 * Whether `em` (as injected) would resolve to the request's fork and the request hasn't made it
 * yet: then it has loaded nothing and holds no transaction, and a read that only asks "is there a
 * transaction?" or "is this entity loaded?" can answer without forking (prepared-read.ts, the
 * organisation's loaded time zone). False outside a request scope, inside a transaction or a
 * RequestContext, and for a manager that is itself a fork.
 */
export function requestManagerUnused(em: EntityManager): boolean {
  const scope = scopes.getStore();
  return (
    scope !== undefined &&
    em.global &&
    scope.existing(em.name) === undefined &&
    TransactionContext.getEntityManager(em.name) === undefined &&
    RequestContext.getEntityManager(em.name) === undefined
  );
}
