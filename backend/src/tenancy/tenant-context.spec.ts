import { ClsServiceManager } from 'nestjs-cls';
import { TenantContext } from './tenant-context';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';

/** A request's context, as TenancyModule's request hook opens it. */
function inRequest<T>(fn: () => Promise<T>): Promise<T> {
  return ClsServiceManager.getClsService().run(fn);
}

describe('TenantContext', () => {
  it("leaves the request's organisation as it was after a nested run for another", async () => {
    await inRequest(async () => {
      TenantContext.set(A);
      expect(await TenantContext.run(B, () => Promise.resolve(TenantContext.require()))).toBe(B);
      expect(TenantContext.require()).toBe(A);
      expect(TenantContext.isUnscoped()).toBe(false);
    });
  });

  it('lifts the tenant filter only inside runUnscoped, not for the rest of the request', async () => {
    await inRequest(async () => {
      TenantContext.set(A);
      expect(await TenantContext.runUnscoped(() => Promise.resolve(TenantContext.isUnscoped()))).toBe(true);
      expect(TenantContext.isUnscoped()).toBe(false);
      expect(TenantContext.require()).toBe(A);
    });
  });

  it('passes the organisation into a nested context, and a nested set stays there', async () => {
    await inRequest(async () => {
      TenantContext.set(A);
      await TenantContext.runUnscoped(async () => {
        expect(TenantContext.current()).toBe(A);
        TenantContext.set(B);
        expect(TenantContext.current()).toBe(B);
      });
      expect(TenantContext.current()).toBe(A);
    });
  });

  it('has no organisation outside a context, and says so when one is required', () => {
    expect(TenantContext.current()).toBeUndefined();
    expect(() => TenantContext.require()).toThrow('No organisation in the current context');
  });
});
