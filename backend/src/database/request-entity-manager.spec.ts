import { EntitySchema, MikroORM, RequestContext, TransactionContext } from '@mikro-orm/core';
import { PostgreSqlDriver } from '@mikro-orm/postgresql';
import { openRequestScope, requestEntityManager, requestManagerUnused } from './request-entity-manager';

/**
 * The request's EntityManager is forked on first use, through MikroORM's `context` option: these
 * tests hold MikroORM to what request-entity-manager.ts relies on, so an upgrade that changes how
 * the injected manager finds its context fails here, loudly, rather than sharing one identity map
 * between requests or forking behind our back. No database: nothing here sends a statement.
 */
const Thing = new EntitySchema<{ id: number }>({ name: 'Thing', properties: { id: { type: 'number', primary: true } } });

function orm(): MikroORM {
  return new MikroORM({
    driver: PostgreSqlDriver,
    dbName: 'request_entity_manager_spec',
    entities: [Thing],
    allowGlobalContext: false,
    context: requestEntityManager,
    discovery: { warnWhenNoEntities: false },
    debug: false,
  });
}

describe('the request scope (request-entity-manager.ts)', () => {
  let db: MikroORM;
  let forks: jest.SpyInstance;

  beforeEach(() => {
    db = orm();
    forks = jest.spyOn(db.em, 'fork');
  });
  afterEach(() => jest.restoreAllMocks());

  it('forks nothing until the request uses its manager, then forks once for the whole request', () => {
    openRequestScope(db.em, () => {
      expect(requestManagerUnused(db.em)).toBe(true);
      expect(forks).not.toHaveBeenCalled();
      const first = db.em.getUnitOfWork();
      expect(forks).toHaveBeenCalledTimes(1);
      expect(first).not.toBe(db.em.getUnitOfWork(false));
      expect(db.em.getUnitOfWork()).toBe(first);
      expect(requestManagerUnused(db.em)).toBe(false);
      expect(forks).toHaveBeenCalledTimes(1);
    });
  });

  it('gives each request its own fork, also when two run side by side', async () => {
    const seen = await Promise.all(
      [1, 2].map((n) =>
        openRequestScope(db.em, async () => {
          await new Promise((resolve) => setImmediate(resolve, n));
          return db.em.getUnitOfWork();
        }),
      ),
    );
    expect(seen[0]).not.toBe(seen[1]);
    expect(forks).toHaveBeenCalledTimes(2);
  });

  it('refuses the global manager outside a request, as MikroORM does without our context', () => {
    expect(() => db.em.getUnitOfWork()).toThrow(/global EntityManager instance methods for context specific actions is disallowed/);
    expect(requestManagerUnused(db.em)).toBe(false);
  });

  it("lets a RequestContext inside a request (a job's own context) have its own fork", () => {
    openRequestScope(db.em, () => {
      const request = db.em.getUnitOfWork();
      RequestContext.create(db.em, () => {
        expect(requestManagerUnused(db.em)).toBe(false);
        expect(db.em.getUnitOfWork()).toBe(RequestContext.getEntityManager()!.getUnitOfWork(false));
        expect(db.em.getUnitOfWork()).not.toBe(request);
      });
      expect(db.em.getUnitOfWork()).toBe(request);
    });
  });

  it("prefers a transaction's manager to the request's, and doesn't fork the request's for it", () => {
    const transaction = db.em.fork({ disableContextResolution: true });
    forks.mockClear();
    openRequestScope(db.em, () => {
      TransactionContext.create(transaction, () => {
        expect(requestManagerUnused(db.em)).toBe(false);
        expect(db.em.getUnitOfWork()).toBe(transaction.getUnitOfWork(false));
      });
      expect(forks).not.toHaveBeenCalled();
      expect(requestManagerUnused(db.em)).toBe(true);
    });
  });

  it('answers false for a manager that is itself a fork', () => {
    openRequestScope(db.em, () => expect(requestManagerUnused(db.em.fork())).toBe(false));
  });
});
