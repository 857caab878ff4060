import { ClsServiceManager } from 'nestjs-cls';

/**
 * The context's keys: symbols, which nestjs-cls keeps as the store's own properties. A dotted
 * string key ('tenant.organizationId') is a path into a nested object, split on every read, and
 * that object is shared with a nested context (`run` copies the store shallowly), so a nested
 * `run` or `runUnscoped` changed the tenant of the context around it for the rest of its work.
 */
const TENANT_KEY = Symbol('tenant.organizationId');
const UNSCOPED_KEY = Symbol('tenant.unscoped');

export class TenantContextMissingError extends Error {
  constructor() {
    super(
      'No organisation in the current context: tenant-scoped data was queried outside an ' +
        'authenticated request or TenantContext.run(). Set the tenant explicitly.',
    );
    this.name = 'TenantContextMissingError';
  }
}

/**
 * The organisation the current unit of work belongs to, and the one way it travels: code that
 * needs its id reads `require()`, no function takes it as an argument
 * (test/organization-context.int-spec.ts). HTTP requests get it from the signed-in user (the JWT
 * strategy sets it); anything else — the reminder cron, sign-up and sign-in before a user is
 * known, a calendar feed or download link whose token names it — opens a context with `run()`
 * where it learns the organisation. It lives in async-local storage (nestjs-cls), so it follows
 * the request through every await, `Promise.all` included, without being passed around.
 */
export const TenantContext = {
  /** The current organisation id, or undefined when there is none. */
  current(): string | undefined {
    const cls = ClsServiceManager.getClsService();
    return cls.isActive() ? (cls.get<string>(TENANT_KEY) ?? undefined) : undefined;
  },

  /** The current organisation id; throws when there is none, so a forgotten context fails loudly. */
  require(): string {
    const id = TenantContext.current();
    if (!id) throw new TenantContextMissingError();
    return id;
  },

  /** Sets the organisation of the current (already open) context, e.g. once a request is authenticated. */
  set(organizationId: string): void {
    ClsServiceManager.getClsService().set(TENANT_KEY, organizationId);
  },

  /** Runs `fn` in a new context scoped to one organisation. */
  run<T>(organizationId: string, fn: () => Promise<T>): Promise<T> {
    const cls = ClsServiceManager.getClsService();
    return cls.run({ ifNested: 'inherit' }, () => {
      cls.set(TENANT_KEY, organizationId);
      cls.set(UNSCOPED_KEY, false);
      return fn();
    });
  },

  /**
   * Runs `fn` with the tenant filter lifted, for the few lookups that must find a row before
   * its organisation is known (a token by its hash) and for workers that serve every
   * organisation. Every use is deliberate and greppable.
   */
  runUnscoped<T>(fn: () => Promise<T>): Promise<T> {
    const cls = ClsServiceManager.getClsService();
    return cls.run({ ifNested: 'inherit' }, () => {
      cls.set(UNSCOPED_KEY, true);
      return fn();
    });
  },

  isUnscoped(): boolean {
    const cls = ClsServiceManager.getClsService();
    return cls.isActive() && cls.get<boolean>(UNSCOPED_KEY) === true;
  },
};
