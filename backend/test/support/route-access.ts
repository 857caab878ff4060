import { bearer, type Account } from './accounts';
import type { TestApp } from './test-app';

/** Organisation A's admin and data, and organisation B's admin, for cross-tenant cases. */
export interface CrossTenantContext {
  t: TestApp;
  a: Account;
  b: Account;
}

export type TenantRule =
  /** No organisation data: health, plan, sign-up and sign-in flows. */
  | { kind: 'none' }
  /** Answers only about the caller's own organisation; takes no ids. `query`: required query string. */
  | { kind: 'own'; query?: string }
  /**
   * Takes ids of tenant data. `setup` creates A's record and returns its id; `attempt` shows
   * that B's admin using that id gets 404. The test checks nothing changed in between. Every
   * route with path parameters needs one.
   */
  | { kind: 'ids'; setup: (ctx: CrossTenantContext) => Promise<string>; attempt: (ctx: CrossTenantContext, id: string) => Promise<void> };

export interface RouteRule {
  access: 'public' | 'signed-in';
  tenant: TenantRule;
}

/**
 * Every operation of the API, by operation id, with who may call it and how it relates to
 * tenants. The inventory test fails when the OpenAPI spec has an operation missing here, so a
 * new route cannot ship without its access rule and, when it takes ids, its cross-tenant test.
 */
export const ROUTES: Record<string, RouteRule> = {
  getHealth: { access: 'public', tenant: { kind: 'none' } },
  getPlan: { access: 'public', tenant: { kind: 'none' } },
  register: { access: 'public', tenant: { kind: 'none' } },
  login: { access: 'public', tenant: { kind: 'none' } },
  verifyEmail: { access: 'public', tenant: { kind: 'none' } },
  resendVerification: { access: 'public', tenant: { kind: 'none' } },
  forgotPassword: { access: 'public', tenant: { kind: 'none' } },
  resetPassword: { access: 'public', tenant: { kind: 'none' } },
  getCurrentUser: { access: 'signed-in', tenant: { kind: 'own' } },
  getStaff: { access: 'signed-in', tenant: { kind: 'own' } },
  createStaff: { access: 'signed-in', tenant: { kind: 'own' } },
  previewStaffImport: { access: 'signed-in', tenant: { kind: 'own' } },
  importStaff: { access: 'signed-in', tenant: { kind: 'own' } },
  updateStaff: {
    access: 'signed-in',
    tenant: {
      kind: 'ids',
      setup: createStaffOfA,
      attempt: ({ t, b }, id) => expect404(t.http().put(`/api/staff/${id}`).set(...bearer(b.token)).send({ name: 'Taken Over', isActive: false })),
    },
  },
  inviteStaff: {
    access: 'signed-in',
    tenant: {
      kind: 'ids',
      setup: createStaffOfA,
      attempt: ({ t, b }, id) => expect404(t.http().post(`/api/staff/${id}/invite`).set(...bearer(b.token)).send({})),
    },
  },
  changeStaffRole: {
    access: 'signed-in',
    tenant: {
      kind: 'ids',
      setup: createStaffOfA,
      attempt: ({ t, b }, id) => expect404(t.http().put(`/api/staff/${id}/role`).set(...bearer(b.token)).send({ role: 'admin' })),
    },
  },
  getHolidays: { access: 'signed-in', tenant: { kind: 'own' } },
  createHoliday: { access: 'signed-in', tenant: { kind: 'own' } },
  addBankHolidays: { access: 'signed-in', tenant: { kind: 'own' } },
  updateHoliday: {
    access: 'signed-in',
    tenant: {
      kind: 'ids',
      setup: createHolidayOfA,
      attempt: ({ t, b }, id) =>
        expect404(
          t.http().put(`/api/holidays/${id}`).set(...bearer(b.token)).send({ name: 'Taken', type: 'other', startDate: '2025-10-01', endDate: '2025-10-01' }),
        ),
    },
  },
  deleteHoliday: {
    access: 'signed-in',
    tenant: {
      kind: 'ids',
      setup: createHolidayOfA,
      attempt: ({ t, b }, id) => expect404(t.http().delete(`/api/holidays/${id}`).set(...bearer(b.token))),
    },
  },
  getAuditLog: { access: 'signed-in', tenant: { kind: 'own' } },
  getSystemSettings: { access: 'signed-in', tenant: { kind: 'own' } },
  saveSystemSettings: { access: 'signed-in', tenant: { kind: 'own' } },
  getRota: { access: 'signed-in', tenant: { kind: 'own', query: 'startDate=2025-09-01&endDate=2026-08-31' } },
  createRota: { access: 'signed-in', tenant: { kind: 'own' } },
  updateRota: {
    access: 'signed-in',
    tenant: {
      kind: 'ids',
      setup: createRotaDayOfA,
      attempt: ({ t, b }, id) =>
        expect404(t.http().put(`/api/rota/${id}`).set(...bearer(b.token)).send({ dutyManager2Id: '00000000-0000-4000-8000-000000000001' })),
    },
  },
  reshuffleFuture: { access: 'signed-in', tenant: { kind: 'own' } },
  fillUnassigned: { access: 'signed-in', tenant: { kind: 'own' } },
  clearFuture: { access: 'signed-in', tenant: { kind: 'own' } },
  getCurrentWeek: { access: 'signed-in', tenant: { kind: 'own' } },
  getDashboardStats: { access: 'signed-in', tenant: { kind: 'own' } },
  getDutyStatistics: { access: 'signed-in', tenant: { kind: 'own' } },
};

async function expect404(request: PromiseLike<{ status: number; body: { statusCode?: number } }>): Promise<void> {
  const res = await request;
  expect(res.status).toBe(404);
  expect(res.body.statusCode).toBe(404);
}

let counter = 0;

async function createStaffOfA({ t, a }: CrossTenantContext): Promise<string> {
  counter += 1;
  const res = await t.http().post('/api/staff').set(...bearer(a.token)).send({ name: `Alpha Person ${counter}`, email: `alpha-${counter}-${Date.now()}@a.example`, invite: true });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

async function createStaffOf({ t }: CrossTenantContext, account: { token: string }): Promise<string> {
  counter += 1;
  const res = await t.http().post('/api/staff').set(...bearer(account.token)).send({ name: `Person ${counter}`, email: `p-${counter}-${Date.now()}@x.example` });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

async function createRotaDayOfA(ctx: CrossTenantContext): Promise<string> {
  const staffId = await createStaffOf(ctx, ctx.a);
  counter += 1;
  // A different weekday each time (from Monday 3 November 2025), so setups never collide.
  const date = new Date(Date.UTC(2025, 10, 3 + 7 * counter)).toISOString().slice(0, 10);
  const res = await ctx.t.http().post('/api/rota').set(...bearer(ctx.a.token)).send({ date, dutyManager1Id: staffId });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

async function createHolidayOfA({ t, a }: CrossTenantContext): Promise<string> {
  const res = await t.http().post('/api/holidays').set(...bearer(a.token)).send({ name: 'Alpha Day', type: 'inset_day', startDate: '2025-11-03', endDate: '2025-11-03' });
  expect(res.status).toBe(201);
  return res.body.id as string;
}
