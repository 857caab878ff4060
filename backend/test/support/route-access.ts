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
  /** Opened by a calendar feed token in the URL instead of a sign-in: B's token shows only B's organisation. */
  | { kind: 'feed-token' }
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
  getEmailReminderSettings: { access: 'signed-in', tenant: { kind: 'own' } },
  saveEmailReminderSettings: { access: 'signed-in', tenant: { kind: 'own' } },
  getEmailTemplate: { access: 'signed-in', tenant: { kind: 'own' } },
  saveEmailTemplate: { access: 'signed-in', tenant: { kind: 'own' } },
  previewEmailTemplate: { access: 'signed-in', tenant: { kind: 'own' } },
  testEmailReminders: { access: 'signed-in', tenant: { kind: 'own' } },
  testEmailRemindersForDate: { access: 'signed-in', tenant: { kind: 'own' } },
  getEmailDeliveries: { access: 'signed-in', tenant: { kind: 'own' } },
  uploadProcedureFile: { access: 'signed-in', tenant: { kind: 'own' } },
  /** Both organisations have a document in the inventory test; B's GET returns B's. */
  getProcedureFile: { access: 'signed-in', tenant: { kind: 'own' } },
  getProcedureFileLink: { access: 'signed-in', tenant: { kind: 'own' } },
  deleteProcedureFile: { access: 'signed-in', tenant: { kind: 'own' } },
  /** No bearer token: the signed ticket from getProcedureFileLink names the organisation, user and file. */
  downloadProcedureFile: { access: 'public', tenant: { kind: 'none' } },
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
  getSwapRequests: { access: 'signed-in', tenant: { kind: 'own' } },
  createSwapRequest: { access: 'signed-in', tenant: { kind: 'own' } },
  decideSwapRequest: {
    access: 'signed-in',
    tenant: {
      kind: 'ids',
      setup: createSwapRequestOfA,
      attempt: ({ t, b }, id) => expect404(t.http().put(`/api/swap-requests/${id}`).set(...bearer(b.token)).send({ status: 'approved' })),
    },
  },
  getCancelRequests: { access: 'signed-in', tenant: { kind: 'own' } },
  createCancelRequest: { access: 'signed-in', tenant: { kind: 'own' } },
  decideCancelRequest: {
    access: 'signed-in',
    tenant: {
      kind: 'ids',
      setup: createCancelRequestOfA,
      attempt: ({ t, b }, id) => expect404(t.http().patch(`/api/cancel-requests/${id}`).set(...bearer(b.token)).send({ status: 'approved' })),
    },
  },
  getStaffUnavailability: {
    access: 'signed-in',
    tenant: {
      kind: 'ids',
      setup: createStaffOfA,
      attempt: ({ t, b }, id) => expect404(t.http().get(`/api/staff-unavailability/${id}`).set(...bearer(b.token))),
    },
  },
  createUnavailability: { access: 'signed-in', tenant: { kind: 'own' } },
  deleteUnavailability: {
    access: 'signed-in',
    tenant: {
      kind: 'ids',
      setup: createUnavailabilityOfA,
      attempt: ({ t, b }, id) => expect404(t.http().delete(`/api/staff-unavailability/${id}`).set(...bearer(b.token))),
    },
  },
  getAutoApprovalSettings: { access: 'signed-in', tenant: { kind: 'own' } },
  saveAutoApprovalSettings: { access: 'signed-in', tenant: { kind: 'own' } },
  getCalendarSubscription: { access: 'signed-in', tenant: { kind: 'own' } },
  createCalendarSubscription: { access: 'signed-in', tenant: { kind: 'own' } },
  revokeCalendarSubscription: { access: 'signed-in', tenant: { kind: 'own' } },
  getAllDutiesFeed: { access: 'public', tenant: { kind: 'feed-token' } },
  getMyDutiesFeed: { access: 'public', tenant: { kind: 'feed-token' } },
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

/** A future weekday (Mondays from 7 January 2030 on), different for every setup. */
function futureMonday(): string {
  counter += 1;
  return new Date(Date.UTC(2030, 0, 7 + 7 * counter)).toISOString().slice(0, 10);
}

/** Two of A's staff, the first on duty on a future day. */
async function dutyOfA(ctx: CrossTenantContext): Promise<{ date: string; onDuty: string; other: string }> {
  const onDuty = await createStaffOf(ctx, ctx.a);
  const other = await createStaffOf(ctx, ctx.a);
  const date = futureMonday();
  const res = await ctx.t.http().post('/api/rota').set(...bearer(ctx.a.token)).send({ date, dutyManager1Id: onDuty });
  expect(res.status).toBe(201);
  return { date, onDuty, other };
}

async function createSwapRequestOfA(ctx: CrossTenantContext): Promise<string> {
  const { date, onDuty, other } = await dutyOfA(ctx);
  const res = await ctx.t
    .http()
    .post('/api/swap-requests')
    .set(...bearer(ctx.a.token))
    .send({ requesterId: onDuty, targetId: other, originalDate: date, swapDate: date, reason: 'Trip' });
  expect(res.status).toBe(201);
  return res.body.request.id as string;
}

async function createCancelRequestOfA(ctx: CrossTenantContext): Promise<string> {
  const { date, onDuty } = await dutyOfA(ctx);
  const res = await ctx.t.http().post('/api/cancel-requests').set(...bearer(ctx.a.token)).send({ staffId: onDuty, date, reason: 'Trip' });
  expect(res.status).toBe(201);
  return res.body.request.id as string;
}

async function createUnavailabilityOfA(ctx: CrossTenantContext): Promise<string> {
  const staffId = await createStaffOf(ctx, ctx.a);
  const date = futureMonday();
  const res = await ctx.t
    .http()
    .post('/api/staff-unavailability')
    .set(...bearer(ctx.a.token))
    .send({ staffId, startDate: date, endDate: date, reason: 'Course' });
  expect(res.status).toBe(201);
  return res.body.unavailability.id as string;
}
