import { bearer, type Account } from './accounts';
import type { TestApp } from './test-app';

/**
 * Who calls an operation: nobody signed in (`anonymous`); someone holding only a calendar feed
 * token (`feed`: in the URL on the feed routes, as a bearer token anywhere else); or a signed-in
 * member of the organisation with that role.
 */
export const CALLERS = ['anonymous', 'feed', 'staff', 'manager', 'admin'] as const;
export type Caller = (typeof CALLERS)[number];
export const ROLE_CALLERS = ['staff', 'manager', 'admin'] as const satisfies readonly Caller[];
export type RoleCaller = (typeof ROLE_CALLERS)[number];

export type TenantRule =
  /** No organisation data: health, plan, sign-up and sign-in flows. */
  | { kind: 'none' }
  /** Answers only about the caller's own organisation; takes no ids. */
  | { kind: 'own' }
  /** Opened by a calendar feed token in the URL instead of a sign-in: B's token shows only B's organisation. */
  | { kind: 'feed-token' }
  /**
   * Takes ids of tenant data in the path. Its example (EXAMPLES) creates A's record; organisation
   * B's members using that id get 404 (or the role gate's 403), changing nothing.
   */
  | { kind: 'ids' }
  /**
   * Takes a key in the path that names a part of the caller's own organisation's data, not a
   * record (an academic year): every organisation has its own under the same key. Organisation B's
   * members using A's example read or write only B's data, and A's data stays as it was.
   */
  | { kind: 'own-key' };

export interface RouteRule {
  /**
   * Exactly who passes the operation's role gate (the `@Authenticated(permission)` decorator
   * and PERMISSIONS in src/common/auth/roles.ts). Some operations then restrict staff to their
   * own records inside the service; those are noted, but this list is about the gate.
   */
  callers: readonly Caller[];
  tenant: TenantRule;
}

/** A route without a role gate: anyone may call it, signed in or not. */
const ANYONE = ['anonymous', 'feed', 'staff', 'manager', 'admin'] as const;

const NONE = { kind: 'none' } as const;
const OWN = { kind: 'own' } as const;
const IDS = { kind: 'ids' } as const;
const FEED = { kind: 'feed-token' } as const;
const OWN_KEY = { kind: 'own-key' } as const;

/**
 * Every operation of the API, by operation id: who may call it (the role matrix) and how it
 * relates to tenants. The inventory test fails when the OpenAPI spec has an operation missing
 * here, so a new route cannot ship without its access rule; the role-access test then calls it
 * as every caller kind. The comment names the permission of the route's decorator.
 */
export const ROUTES: Record<string, RouteRule> = {
  getHealth: { callers: ANYONE, tenant: NONE },
  getPlan: { callers: ANYONE, tenant: NONE },
  register: { callers: ANYONE, tenant: NONE },
  login: { callers: ANYONE, tenant: NONE },
  verifyEmail: { callers: ANYONE, tenant: NONE },
  resendVerification: { callers: ANYONE, tenant: NONE },
  forgotPassword: { callers: ANYONE, tenant: NONE },
  /** Lists an address's organisations in an email to that address only; the answer is the same for every address. */
  findOrganizations: { callers: ANYONE, tenant: NONE },
  /** What the request's address says (APP_BASE_DOMAIN): an organisation's name and subdomain are public. */
  getHost: { callers: ANYONE, tenant: NONE },
  resetPassword: { callers: ANYONE, tenant: NONE },
  /** The one-time code is the key (it names the user and so the organisation). */
  redeemHandoff: { callers: ANYONE, tenant: NONE },
  /** The second step of signing in: the challenge from the first step names the user. */
  loginTwoFactor: { callers: ANYONE, tenant: NONE },
  /** The token from the link sent to the new address is the key. */
  confirmEmailChange: { callers: ANYONE, tenant: NONE },
  /** The set-password link's token is the key: it names the account, whose name and organisation the link's email gave. */
  describePasswordLink: { callers: ANYONE, tenant: NONE },
  /** No bearer token: the signed ticket from getProcedureFileLink names the organisation, user and file. */
  downloadProcedureFile: { callers: ANYONE, tenant: NONE },
  /** Sign-in through an identity provider: the subdomain in the query (start, providers) or the attempt the state names (callback) is the key. */
  getSignInProviders: { callers: ANYONE, tenant: NONE },
  startProviderSignIn: { callers: ANYONE, tenant: NONE },
  finishProviderSignIn: { callers: ANYONE, tenant: NONE },

  getCurrentUser: { callers: ['staff', 'manager', 'admin'], tenant: OWN }, // any signed-in member
  signOut: { callers: ['staff', 'manager', 'admin'], tenant: OWN }, // any signed-in member: ends the caller's own session
  approveEmailChange: { callers: ['staff', 'manager', 'admin'], tenant: OWN }, // any signed-in member: their own pending change
  reauthenticateWithProvider: { callers: ['staff', 'manager', 'admin'], tenant: OWN }, // any signed-in member: their own session
  // Each signed-in member's own account (no ids: nobody reaches another's).
  changeOwnName: { callers: ['staff', 'manager', 'admin'], tenant: OWN }, // any signed-in member
  changeOwnPassword: { callers: ['staff', 'manager', 'admin'], tenant: OWN }, // any signed-in member, plus their password
  changeOwnEmail: { callers: ['staff', 'manager', 'admin'], tenant: OWN }, // any signed-in member, plus their password
  // Each signed-in member's own two-step verification (no ids: nobody reaches another's).
  getTwoFactorStatus: { callers: ['staff', 'manager', 'admin'], tenant: OWN }, // any signed-in member
  startTwoFactorSetup: { callers: ['staff', 'manager', 'admin'], tenant: OWN }, // any signed-in member, plus their password
  enableTwoFactor: { callers: ['staff', 'manager', 'admin'], tenant: OWN }, // any signed-in member
  disableTwoFactor: { callers: ['staff', 'manager', 'admin'], tenant: OWN }, // any signed-in member, plus password and code
  regenerateRecoveryCodes: { callers: ['staff', 'manager', 'admin'], tenant: OWN }, // any signed-in member, plus password and code
  getStaff: { callers: ['staff', 'manager', 'admin'], tenant: OWN }, // rota.view
  createStaff: { callers: ['manager', 'admin'], tenant: OWN }, // staff.manage
  previewStaffImport: { callers: ['manager', 'admin'], tenant: OWN }, // staff.manage
  importStaff: { callers: ['manager', 'admin'], tenant: OWN }, // staff.manage
  updateStaff: { callers: ['manager', 'admin'], tenant: IDS }, // staff.manage
  inviteStaff: { callers: ['manager', 'admin'], tenant: IDS }, // staff.manage
  changeStaffRole: { callers: ['admin'], tenant: IDS }, // staff.roles
  // Subject access (docs/security.md): anyone signed in downloads their own data; an admin anyone's of the organisation.
  getMyData: { callers: ['staff', 'manager', 'admin'], tenant: OWN }, // any signed-in member, their own
  getMyDataSummary: { callers: ['staff', 'manager', 'admin'], tenant: OWN }, // any signed-in member, their own
  getStaffData: { callers: ['admin'], tenant: IDS }, // settings.manage
  getStaffDataSummary: { callers: ['admin'], tenant: IDS }, // settings.manage
  getErasure: { callers: ['admin'], tenant: IDS }, // settings.manage
  eraseStaff: { callers: ['admin'], tenant: IDS }, // settings.manage, plus the admin's password
  getLeaverRetention: { callers: ['admin'], tenant: OWN }, // settings.manage
  updateLeaverRetention: { callers: ['admin'], tenant: OWN }, // settings.manage

  getHolidays: { callers: ['staff', 'manager', 'admin'], tenant: OWN }, // rota.view
  createHoliday: { callers: ['manager', 'admin'], tenant: OWN }, // holidays.manage
  previewBankHolidays: { callers: ['staff', 'manager', 'admin'], tenant: OWN }, // rota.view
  addBankHolidays: { callers: ['manager', 'admin'], tenant: OWN }, // holidays.manage; a region given becomes the organisation's
  updateHoliday: { callers: ['manager', 'admin'], tenant: IDS }, // holidays.manage
  deleteHoliday: { callers: ['manager', 'admin'], tenant: IDS }, // holidays.manage
  previewHoliday: { callers: ['manager', 'admin'], tenant: OWN }, // holidays.manage; saves nothing
  previewHolidayChange: { callers: ['manager', 'admin'], tenant: IDS }, // holidays.manage; saves nothing
  getTermDates: { callers: ['staff', 'manager', 'admin'], tenant: OWN }, // rota.view
  saveTermDates: { callers: ['manager', 'admin'], tenant: OWN_KEY }, // holidays.manage; the path names an academic year
  getAcademicYears: { callers: ['staff', 'manager', 'admin'], tenant: OWN }, // rota.view
  getDuties: { callers: ['staff', 'manager', 'admin'], tenant: OWN }, // rota.view
  createDuty: { callers: ['manager', 'admin'], tenant: OWN }, // duties.manage
  updateDuty: { callers: ['manager', 'admin'], tenant: IDS }, // duties.manage
  pauseDuty: { callers: ['manager', 'admin'], tenant: IDS }, // duties.manage
  resumeDuty: { callers: ['manager', 'admin'], tenant: IDS }, // duties.manage
  deleteDuty: { callers: ['manager', 'admin'], tenant: IDS }, // duties.manage
  // The body lists the caller's own duties: another organisation's ids make it not the school's list (400).
  orderDuties: { callers: ['manager', 'admin'], tenant: OWN }, // duties.manage
  getDutyTemplates: { callers: ['manager', 'admin'], tenant: OWN }, // duties.manage
  // The key names a template, the same for every school: B applying it adds B's duties only.
  applyDutyTemplate: { callers: ['manager', 'admin'], tenant: OWN_KEY }, // duties.manage
  getDutyRules: { callers: ['staff', 'manager', 'admin'], tenant: OWN }, // rota.view
  saveDutyRules: { callers: ['admin'], tenant: OWN }, // settings.manage
  getStaffGroups: { callers: ['staff', 'manager', 'admin'], tenant: OWN }, // rota.view
  createStaffGroup: { callers: ['admin'], tenant: OWN }, // staff.groups
  updateStaffGroup: { callers: ['admin'], tenant: IDS }, // staff.groups
  deleteStaffGroup: { callers: ['admin'], tenant: IDS }, // staff.groups

  getAuditLog: { callers: ['manager', 'admin'], tenant: OWN }, // audit.view

  getEmailReminderSettings: { callers: ['admin'], tenant: OWN }, // settings.manage
  saveEmailReminderSettings: { callers: ['admin'], tenant: OWN }, // settings.manage
  getEmailTemplate: { callers: ['admin'], tenant: OWN }, // settings.manage
  saveEmailTemplate: { callers: ['admin'], tenant: OWN }, // settings.manage
  previewEmailTemplate: { callers: ['admin'], tenant: OWN }, // settings.manage
  testEmailReminders: { callers: ['admin'], tenant: OWN }, // settings.manage
  testEmailRemindersForDate: { callers: ['admin'], tenant: OWN }, // settings.manage
  getEmailDeliveries: { callers: ['admin'], tenant: OWN }, // settings.manage

  uploadProcedureFile: { callers: ['admin'], tenant: OWN }, // settings.manage
  /** Both organisations have a document in the inventory test; B's GET returns B's. */
  getProcedureFile: { callers: ['staff', 'manager', 'admin'], tenant: OWN }, // rota.view
  getProcedureFileLink: { callers: ['staff', 'manager', 'admin'], tenant: OWN }, // rota.view
  deleteProcedureFile: { callers: ['admin'], tenant: OWN }, // settings.manage
  getSystemSettings: { callers: ['staff', 'manager', 'admin'], tenant: OWN }, // rota.view
  saveSystemSettings: { callers: ['admin'], tenant: OWN }, // settings.manage
  getTwoFactorRequirement: { callers: ['admin'], tenant: OWN }, // settings.manage
  saveTwoFactorRequirement: { callers: ['admin'], tenant: OWN }, // settings.manage, plus the admin's password and code
  getSignInSettings: { callers: ['admin'], tenant: OWN }, // settings.manage
  saveSignInOptions: { callers: ['admin'], tenant: OWN }, // settings.manage
  saveGoogleSignIn: { callers: ['admin'], tenant: OWN }, // settings.manage
  saveMicrosoftSignIn: { callers: ['admin'], tenant: OWN }, // settings.manage
  saveOidcSignIn: { callers: ['admin'], tenant: OWN }, // settings.manage

  getRota: { callers: ['staff', 'manager', 'admin'], tenant: OWN }, // rota.view
  getRotaGrid: { callers: ['staff', 'manager', 'admin'], tenant: OWN }, // rota.view
  // The caller's own duties of every kind; with staffId an admin's or manager's look at a colleague's (staff: only their own, 403).
  getMyDuties: { callers: ['staff', 'manager', 'admin'], tenant: OWN }, // rota.view
  createRota: { callers: ['manager', 'admin'], tenant: OWN }, // rota.manage
  updateRota: { callers: ['manager', 'admin'], tenant: IDS }, // rota.manage
  reshuffleFuture: { callers: ['manager', 'admin'], tenant: OWN }, // rota.manage
  fillUnassigned: { callers: ['manager', 'admin'], tenant: OWN }, // rota.manage
  clearFuture: { callers: ['manager', 'admin'], tenant: OWN }, // rota.manage
  // Issue 43, bulk tools' previews and Rebalance (helper "rebalance").
  previewBulkTool: { callers: ['manager', 'admin'], tenant: OWN }, // rota.manage
  rebalanceRota: { callers: ['manager', 'admin'], tenant: OWN }, // rota.manage
  getFairnessHint: { callers: ['manager', 'admin'], tenant: OWN }, // rota.manage
  getRotaHealth: { callers: ['manager', 'admin'], tenant: OWN }, // rota.manage
  getAllDutiesHealth: { callers: ['manager', 'admin'], tenant: OWN }, // rota.manage
  getRotaCandidates: { callers: ['manager', 'admin'], tenant: OWN }, // rota.manage
  getRotaClosures: { callers: ['staff', 'manager', 'admin'], tenant: OWN }, // rota.view
  countPlannedDuties: { callers: ['staff', 'manager', 'admin'], tenant: OWN }, // rota.view
  // Staff ids in the body: another organisation's person is not found (404), as for createRota.
  replaceOnRota: { callers: ['manager', 'admin'], tenant: OWN }, // rota.manage
  removeFromRota: { callers: ['manager', 'admin'], tenant: OWN }, // rota.manage
  moveOnRota: { callers: ['manager', 'admin'], tenant: OWN }, // rota.manage
  getMoveOptions: { callers: ['manager', 'admin'], tenant: OWN }, // rota.manage
  getCurrentWeek: { callers: ['staff', 'manager', 'admin'], tenant: OWN }, // rota.view
  getDashboardStats: { callers: ['staff', 'manager', 'admin'], tenant: OWN }, // rota.view
  getDutyStatistics: { callers: ['staff', 'manager', 'admin'], tenant: OWN }, // rota.view
  // Staff get their own line and the team's figures; managers and admins everyone's.
  getFairness: { callers: ['staff', 'manager', 'admin'], tenant: OWN }, // rota.view
  exportFairness: { callers: ['staff', 'manager', 'admin'], tenant: OWN }, // rota.view
  getDutyLoad: { callers: ['staff', 'manager', 'admin'], tenant: OWN }, // rota.view
  exportDutyLoad: { callers: ['staff', 'manager', 'admin'], tenant: OWN }, // rota.view
  exportRota: { callers: ['staff', 'manager', 'admin'], tenant: OWN }, // rota.view
  getSetupChecklist: { callers: ['admin'], tenant: OWN }, // settings.manage

  // Staff see only the requests they are part of, and ask only for their own duties (requests.decide overrides).
  getSwapRequests: { callers: ['staff', 'manager', 'admin'], tenant: OWN }, // requests.create
  createSwapRequest: { callers: ['staff', 'manager', 'admin'], tenant: OWN }, // requests.create; staff: own duties only (403)
  decideSwapRequest: { callers: ['manager', 'admin'], tenant: IDS }, // requests.decide
  // The colleague answers (others: 403 in the service); the requester or an approver withdraws.
  acceptSwapRequest: { callers: ['staff', 'manager', 'admin'], tenant: IDS }, // requests.create
  declineSwapRequest: { callers: ['staff', 'manager', 'admin'], tenant: IDS }, // requests.create
  withdrawSwapRequest: { callers: ['staff', 'manager', 'admin'], tenant: IDS }, // requests.create
  // A staff id in the query: another organisation's person is not found (404); staff: own duties only (403).
  getSwapOptions: { callers: ['staff', 'manager', 'admin'], tenant: IDS }, // requests.create

  // Each signed-in person's own notifications (another person's id: 404).
  getNotifications: { callers: ['staff', 'manager', 'admin'], tenant: OWN }, // rota.view
  markAllNotificationsRead: { callers: ['staff', 'manager', 'admin'], tenant: OWN }, // rota.view
  markNotificationRead: { callers: ['staff', 'manager', 'admin'], tenant: IDS }, // rota.view
  getCancelRequests: { callers: ['staff', 'manager', 'admin'], tenant: OWN }, // requests.create
  createCancelRequest: { callers: ['staff', 'manager', 'admin'], tenant: OWN }, // requests.create; staff: own duties only (403)
  decideCancelRequest: { callers: ['admin'], tenant: IDS }, // cancellations.decide (admins only, docs/product.md#roles-and-permissions)

  // Staff read, add and delete only their own periods (403 otherwise); unavailability.manage overrides.
  getStaffUnavailability: { callers: ['staff', 'manager', 'admin'], tenant: IDS }, // unavailability.own
  createUnavailability: { callers: ['staff', 'manager', 'admin'], tenant: OWN }, // unavailability.own
  updateUnavailability: { callers: ['staff', 'manager', 'admin'], tenant: IDS }, // unavailability.own
  deleteUnavailability: { callers: ['staff', 'manager', 'admin'], tenant: IDS }, // unavailability.own
  getRecurringUnavailability: { callers: ['staff', 'manager', 'admin'], tenant: IDS }, // unavailability.own
  createRecurringUnavailability: { callers: ['staff', 'manager', 'admin'], tenant: OWN }, // unavailability.own
  deleteRecurringUnavailability: { callers: ['staff', 'manager', 'admin'], tenant: IDS }, // unavailability.own

  getAutoApprovalSettings: { callers: ['staff', 'manager', 'admin'], tenant: OWN }, // rota.view
  saveAutoApprovalSettings: { callers: ['admin'], tenant: OWN }, // settings.manage, plus the admin's own password
  /** Whether the caller's own organisation waits to be deleted: every member sees the banner. */
  getOrganizationDeletion: { callers: ['staff', 'manager', 'admin'], tenant: OWN },
  requestOrganizationDeletion: { callers: ['admin'], tenant: OWN }, // settings.manage, plus re-authentication and the name typed
  restoreOrganization: { callers: ['admin'], tenant: OWN }, // settings.manage, plus re-authentication

  // Each member manages their own feed link (rota.view).
  getCalendarSubscription: { callers: ['staff', 'manager', 'admin'], tenant: OWN },
  createCalendarSubscription: { callers: ['staff', 'manager', 'admin'], tenant: OWN },
  revokeCalendarSubscription: { callers: ['staff', 'manager', 'admin'], tenant: OWN },
  // No sign-in: the feed token in the URL is the only credential; without it the answer is 404.
  getAllDutiesFeed: { callers: ['feed'], tenant: FEED },
  getMyDutiesFeed: { callers: ['feed'], tenant: FEED },
  // Drafts (docs/product.md#drafts): admins and managers only; another organisation's draft is not found (404).
  listDrafts: { callers: ['manager', 'admin'], tenant: OWN }, // rota.manage
  createDraft: { callers: ['manager', 'admin'], tenant: OWN }, // rota.manage
  getDraft: { callers: ['manager', 'admin'], tenant: IDS }, // rota.manage
  getDraftDays: { callers: ['manager', 'admin'], tenant: IDS }, // rota.manage
  publishDraft: { callers: ['manager', 'admin'], tenant: IDS }, // rota.manage
  discardDraft: { callers: ['manager', 'admin'], tenant: IDS }, // rota.manage
  // The Today board (rota.view at the gate): staff then only on a day they are on the Duty Manager
  // duty, else 403 in the service's words; a duty id of another organisation is not found (404) first.
  getTodayBoard: { callers: ['staff', 'manager', 'admin'], tenant: OWN }, // rota.view
  getTodayCandidates: { callers: ['staff', 'manager', 'admin'], tenant: IDS }, // rota.view
  coverOnToday: { callers: ['staff', 'manager', 'admin'], tenant: IDS }, // rota.view
  // Wet days: the Today board's rule (staff only on a day they are on the Duty Manager duty, else 403).
  setWetDay: { callers: ['staff', 'manager', 'admin'], tenant: OWN }, // rota.view
  // Pinned duties: a slot of another organisation is not found (404); a dutyId in the body too.
  unpinSlot: { callers: ['manager', 'admin'], tenant: IDS }, // rota.manage
  unpinAll: { callers: ['manager', 'admin'], tenant: OWN }, // rota.manage

  // Organisation export and import (issue 44): admins, re-authenticated; only the caller's own organisation.
  exportOrganization: { callers: ['admin'], tenant: OWN }, // settings.manage
  getOrganizationImportStatus: { callers: ['admin'], tenant: OWN }, // settings.manage
  // Into a new organisation only: A is not new, so the example's import is refused (409) and writes nothing.
  importOrganization: { callers: ['admin'], tenant: OWN }, // settings.manage
};

/** Signed-in operations: only members with a role pass (the spec documents bearer security on exactly these). */
export function isSignedIn(rule: RouteRule): boolean {
  return rule.callers.every((caller) => (ROLE_CALLERS as readonly Caller[]).includes(caller));
}

/** One operation as the running app's OpenAPI document describes it. */
export interface Operation {
  id: string;
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  secured: boolean;
  /** Path parameter names, and the query parameters that are required. */
  pathParams: string[];
  requiredQuery: string[];
  hasBody: boolean;
}

export async function readOperations(t: TestApp): Promise<Operation[]> {
  type Param = { name: string; in: string; required?: boolean };
  const spec = (await t.http().get('/api/openapi.json').expect(200)).body as {
    paths: Record<string, Record<string, { operationId: string; security?: unknown[]; parameters?: Param[]; requestBody?: unknown }>>;
  };
  return Object.entries(spec.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({
      id: op.operationId,
      method: method as Operation['method'],
      path,
      secured: Boolean(op.security?.length),
      pathParams: (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
      requiredQuery: (op.parameters ?? []).filter((p) => p.in === 'query' && p.required).map((p) => p.name),
      hasBody: Boolean(op.requestBody),
    })),
  );
}

/** A member of an organisation signed in with some role (see memberWithRole). */
export interface Member {
  token: string;
  staffId: string;
}

/** Organisation A's records the examples build on. */
export interface Fixtures {
  t: TestApp;
  /** A's admin, who creates the records. */
  admin: Account;
  /** A's member with role staff: records the examples make for staff belong to them. */
  staff: Member;
  /** A staff record of A that no caller signs in as (edits land on it). */
  other: string;
}

/** A well-formed request for an operation: what validation accepts, on A's own records. */
export interface Example {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: object;
  file?: { name: string; content: Buffer; contentType: string };
}

export type ExampleBuilder = (f: Fixtures) => Example | Promise<Example>;

/**
 * A plausible valid request for every operation that needs a body, path ids or a required query
 * (the role-access test checks that). The records are created just before the operation is
 * called, so earlier operations (clearFuture, deletes) can't take them away; records that
 * staff may only touch when they are theirs belong to A's staff member.
 */
export const EXAMPLES: Record<string, ExampleBuilder> = {
  register: () => ({
    body: {
      name: 'Rita Register',
      email: `rita-${next()}@register.example`,
      password: 'correct horse',
      organizationName: 'Register School',
      organizationSubdomain: `register-${next()}`,
    },
  }),
  login: ({ admin }) => ({ body: { email: admin.email, password: admin.password, organizationSubdomain: admin.subdomain } }),
  verifyEmail: () => ({ body: { token: 'not-a-real-token' } }),
  // No such account: the answer is the same, and no link is made after answering (a write the
  // outbox can't settle, which would land in a later operation's unchanged-database check).
  resendVerification: ({ admin }) => ({ body: { email: 'nobody@nowhere.example', organizationSubdomain: admin.subdomain } }),
  forgotPassword: ({ admin }) => ({ body: { email: 'nobody@nowhere.example', organizationSubdomain: admin.subdomain } }),
  findOrganizations: () => ({ body: { email: 'nobody@nowhere.example' } }),
  resetPassword: () => ({ body: { token: 'not-a-real-token', newPassword: 'brand new secret' } }),
  redeemHandoff: () => ({ body: { code: 'not-a-real-code' } }),
  loginTwoFactor: () => ({ body: { challenge: 'not-a-real-challenge', code: '000000' } }),
  // Members of A share the admin's password (support/members.ts): each starts a setup of their own.
  startTwoFactorSetup: ({ admin }) => ({ body: { password: admin.password } }),
  enableTwoFactor: () => ({ body: { code: '000000' } }),
  disableTwoFactor: ({ admin }) => ({ body: { password: admin.password, code: '000000' } }),
  regenerateRecoveryCodes: ({ admin }) => ({ body: { password: admin.password, code: '000000' } }),
  confirmEmailChange: () => ({ body: { token: 'not-a-real-token' } }),
  describePasswordLink: () => ({ body: { token: 'not-a-real-token' } }),
  // The same name each time: renaming oneself changes only one's own account and staff record.
  changeOwnName: () => ({ body: { name: 'Same Name' } }),
  // A wrong password: a right one would end the caller's sessions, which later operations use.
  changeOwnPassword: () => ({ body: { password: 'not the password', newPassword: 'brand new secret' } }),
  changeOwnEmail: () => ({ body: { password: 'not the password', newEmail: `moved-${next()}@a.example` } }),
  // A's Google sign-in is off: the answer is a 409 saying so, and nothing is made.
  reauthenticateWithProvider: () => ({ body: { provider: 'google' } }),
  getSignInProviders: ({ admin }) => ({ query: { organization: admin.subdomain } }),
  // A's Google sign-in is off in the examples below: the start lands on the sign-in page, asking no provider.
  startProviderSignIn: ({ admin }) => ({ query: { provider: 'google', organization: admin.subdomain } }),
  downloadProcedureFile: async (f) => {
    await ensureDocument(f);
    const link = await f.t
      .http()
      .get('/api/settings/procedure-file/link')
      .set(...bearer(f.admin.token));
    expect(link.status).toBe(200);
    const ticket = new URL(link.body.url as string, 'http://localhost').searchParams.get('ticket');
    return { query: { ticket: ticket! } };
  },

  createStaff: () => ({ body: { name: 'Nina New', email: `nina-${next()}@a.example` } }),
  previewStaffImport: () => ({ file: csv(`name,email\nCara Csv,cara-${next()}@a.example\n`) }),
  importStaff: () => ({ file: csv(`name,email\nDev Csv,dev-${next()}@a.example\n`) }),
  updateStaff: ({ other }) => ({ params: { id: other }, body: { name: 'Olive Other', isTeaching: true } }),
  inviteStaff: async (f) => ({ params: { id: await createStaffOfA(f) } }),
  changeStaffRole: async (f) => ({ params: { id: await createStaffOfA(f, { invite: true }) }, body: { role: 'manager' } }),
  getStaffData: ({ other }) => ({ params: { id: other } }),
  getStaffDataSummary: ({ other }) => ({ params: { id: other } }),
  getErasure: async (f) => ({ params: { id: await createStaffOfA(f) } }),
  // A wrong password: the example must not erase A's record that later operations may use.
  eraseStaff: async (f) => ({ params: { id: await createStaffOfA(f) }, body: { password: 'not the password' } }),
  updateLeaverRetention: () => ({ body: { leaverRetentionMonths: 18 } }),

  getHolidays: () => ({ query: { startDate: '2025-09-01', endDate: '2026-08-31' } }),
  createHoliday: () => {
    const date = futureMonday();
    return { body: { name: 'Sports Day', type: 'other', startDate: date, endDate: date } };
  },
  addBankHolidays: () => ({ body: { academicYearStart: 2025 } }),
  updateHoliday: async (f) => {
    const date = futureMonday();
    return { params: { id: await createHolidayOfA(f) }, body: { name: 'Moved Day', type: 'inset_day', startDate: date, endDate: date } };
  },
  deleteHoliday: async (f) => ({ params: { id: await createHolidayOfA(f) } }),
  previewHoliday: () => {
    const date = futureMonday();
    return { body: { name: 'Sports Day', type: 'other', startDate: date, endDate: date } };
  },
  previewHolidayChange: async (f) => {
    const date = futureMonday();
    return { params: { id: await createHolidayOfA(f) }, body: { name: 'Moved Day', type: 'inset_day', startDate: date, endDate: date } };
  },
  createStaffGroup: () => ({ body: { name: `Group ${next()}` } }),
  updateStaffGroup: async (f) => ({ params: { id: await createStaffGroupOfA(f) }, body: { name: `Renamed ${next()}`, memberIds: [] } }),
  deleteStaffGroup: async (f) => ({ params: { id: await createStaffGroupOfA(f) } }),
  saveTermDates: () => ({ params: { academicYear: '2025' }, body: { terms: TERMS_2025 } }),
  createDuty: () => ({
    body: { name: `Gate ${next()}`, place: 'Main gate', startTime: '08:30', endTime: '08:50', weekdays: [{ weekday: 1, people: 1 }] },
  }),
  updateDuty: async (f) => ({ params: { id: await createDutyOfA(f) }, body: { name: `Renamed duty ${next()}`, place: 'Back gate' } }),
  pauseDuty: async (f) => ({ params: { id: await createDutyOfA(f) } }),
  resumeDuty: async (f) => ({ params: { id: await createDutyOfA(f) } }),
  deleteDuty: async (f) => ({ params: { id: await createDutyOfA(f) } }),
  orderDuties: async ({ t, admin }) => {
    const res = await t
      .http()
      .get('/api/duties')
      .set(...bearer(admin.token));
    expect(res.status).toBe(200);
    return { body: { dutyIds: (res.body as { id: string }[]).map((d) => d.id).reverse() } };
  },
  applyDutyTemplate: () => ({ params: { key: 'primary' } }),
  saveDutyRules: () => ({ body: { maxDutiesPerDay: 2 } }),

  saveEmailReminderSettings: () => ({ body: { enabled: false, time: '08:30', hoursAdvance: 24 } }),
  saveEmailTemplate: () => ({ body: TEMPLATE }),
  previewEmailTemplate: () => ({ body: TEMPLATE }),
  testEmailRemindersForDate: () => ({ body: { date: futureMonday() } }),
  uploadProcedureFile: () => ({ file: pdf('Uploaded') }),
  // The document exists when these are called, whatever ran before.
  getProcedureFile: async (f) => (await ensureDocument(f), {}),
  getProcedureFileLink: async (f) => (await ensureDocument(f), {}),
  deleteProcedureFile: async (f) => (await ensureDocument(f), {}),
  saveSystemSettings: () => ({ body: { dutyManagersPerDay: 2 } }),
  saveTwoFactorRequirement: ({ admin }) => ({ body: { requireAdminTwoFactor: false, password: admin.password } }),
  // A name that isn't the organisation's (422): asking for A's deletion would make A read-only for every later example.
  requestOrganizationDeletion: ({ admin }) => ({ body: { confirmName: `Not ${admin.organizationName}`, password: admin.password } }),
  // Nothing is pending (409): the request passes the gate and changes nothing.
  restoreOrganization: ({ admin }) => ({ body: { password: admin.password } }),
  saveSignInOptions: () => ({ body: { joinRule: 'refuse', passwordSignIn: true } }),
  saveGoogleSignIn: () => ({
    body: { enabled: false, clientId: 'example.apps.googleusercontent.com', clientSecret: 'example-secret', allowedDomains: ['a.example'] },
  }),
  saveMicrosoftSignIn: () => ({
    body: { enabled: false, clientId: '11111111-2222-4333-8444-555555555555', allowedTenantIds: ['8eaef023-2b34-4da1-9baa-8bc8c9d6a490'] },
  }),
  saveOidcSignIn: () => ({ body: { enabled: false, name: 'Example', issuer: 'https://login.example.org', clientId: 'duty-manager' } }),

  getRota: () => ({ query: { startDate: '2025-09-01', endDate: '2026-08-31' } }),
  getRotaGrid: () => ({ query: { startDate: '2025-09-01', endDate: '2025-09-30' } }),
  getMyDuties: () => ({ query: { startDate: '2025-09-01', endDate: '2026-08-31' } }),
  exportRota: () => ({ query: { startDate: '2025-09-01', endDate: '2026-08-31', format: 'csv' } }),
  exportFairness: () => ({ query: { format: 'csv' } }),
  exportDutyLoad: () => ({ query: { format: 'csv' } }),
  createRota: ({ other }) => ({ body: { date: futureMonday(), dutyManager1Id: other } }),
  updateRota: async (f) => {
    const duty = await dutyOf(f, f.other);
    return { params: { id: duty.rotaDayId }, body: { dutyManager1Id: f.other, dutyManager2Id: f.staff.staffId } };
  },
  reshuffleFuture: () => ({ body: { endDate: weeksAhead(3), allWeekdays: true } }),
  fillUnassigned: () => ({ body: { endDate: weeksAhead(3), allWeekdays: true } }),
  // Clears from today to the end of the planning year (no year named).
  clearFuture: () => ({ body: {} }),
  // Issue 43, bulk tools' previews and Rebalance (helper "rebalance").
  previewBulkTool: () => ({ body: { tool: 'rebalance', endDate: weeksAhead(3), allWeekdays: true } }),
  rebalanceRota: () => ({ body: { endDate: weeksAhead(3), allWeekdays: true } }),
  getRotaCandidates: () => ({ query: { date: futureMonday() } }),
  getRotaClosures: () => ({ query: { startDate: '2025-09-01', endDate: '2026-08-31' } }),
  countPlannedDuties: () => ({ query: { startDate: '2025-09-01', endDate: '2026-08-31' } }),
  replaceOnRota: ({ other }) => ({ body: { date: futureMonday(), position: 1, staffId: other } }),
  removeFromRota: async (f) => ({ body: { date: (await dutyOf(f, f.other)).date, position: 1, reason: 'Off site' } }),
  moveOnRota: async (f) => ({ body: { date: (await dutyOf(f, f.other)).date, position: 1, toDate: futureMonday() } }),
  getMoveOptions: async (f) => ({ query: { date: (await dutyOf(f, f.other)).date, position: '1' } }),

  createSwapRequest: async (f) => {
    const { date } = await dutyOf(f, f.staff.staffId);
    return { body: { requesterId: f.staff.staffId, targetId: f.other, originalDate: date, swapDate: date, reason: 'Trip' } };
  },
  decideSwapRequest: async (f) => ({ params: { id: await createSwapRequestOfA(f) }, body: { status: 'approved' } }),
  acceptSwapRequest: async (f) => ({ params: { id: await createSwapRequestOfA(f) } }),
  declineSwapRequest: async (f) => ({ params: { id: await createSwapRequestOfA(f) } }),
  withdrawSwapRequest: async (f) => ({ params: { id: await createSwapRequestOfA(f) } }),
  getSwapOptions: (f) => ({ query: { requesterId: f.staff.staffId } }),
  markNotificationRead: async (f) => ({ params: { id: await notificationOfA(f) } }),
  createCancelRequest: async (f) => {
    const { date } = await dutyOf(f, f.staff.staffId);
    return { body: { staffId: f.staff.staffId, date, reason: 'Trip' } };
  },
  decideCancelRequest: async (f) => ({ params: { id: await createCancelRequestOfA(f) }, body: { status: 'rejected' } }),

  getStaffUnavailability: ({ staff }) => ({ params: { staffId: staff.staffId } }),
  createUnavailability: ({ staff }) => {
    const date = futureMonday();
    return { body: { staffId: staff.staffId, startDate: date, endDate: date, reason: 'Course' } };
  },
  updateUnavailability: async (f) => {
    const date = futureMonday();
    return { params: { id: await createUnavailabilityOfA(f) }, body: { startDate: date, endDate: date, reason: 'Course moved' } };
  },
  deleteUnavailability: async (f) => ({ params: { id: await createUnavailabilityOfA(f) } }),
  getRecurringUnavailability: ({ staff }) => ({ params: { staffId: staff.staffId } }),
  createRecurringUnavailability: ({ staff }) => {
    const date = futureMonday();
    return { body: { staffId: staff.staffId, weekdays: [1], startDate: date, endDate: date, reason: 'Club' } };
  },
  deleteRecurringUnavailability: async (f) => ({ params: { id: await createRecurringUnavailabilityOfA(f) } }),

  saveAutoApprovalSettings: ({ admin }) => ({ body: { adminPassword: admin.password, swaps: false } }),

  // The Today board: A's staff member is that day's duty manager, so staff pass too.
  getTodayBoard: async (f) => ({ query: { date: (await dutyOf(f, f.staff.staffId)).date } }),
  getTodayCandidates: async (f) => ({ query: { date: (await dutyOf(f, f.staff.staffId)).date, dutyId: await createDutyOfA(f) } }),
  coverOnToday: async (f) => ({ body: { date: (await dutyOf(f, f.staff.staffId)).date, dutyId: await createDutyOfA(f), staffId: f.other } }),
  // Wet days: A's staff member is that day's duty manager, so staff pass too.
  setWetDay: async (f) => ({ body: { date: (await dutyOf(f, f.staff.staffId)).date, wet: true } }),
  // Drafts: each of one future Monday of its own, so no two open drafts overlap.
  createDraft: () => {
    const date = futureMonday();
    return { body: { startDate: date, endDate: date, allWeekdays: true } };
  },
  getDraft: async (f) => ({ params: { id: await createDraftOfA(f) } }),
  getDraftDays: async (f) => ({ params: { id: await createDraftOfA(f) } }),
  publishDraft: async (f) => ({ params: { id: await createDraftOfA(f) } }),
  discardDraft: async (f) => ({ params: { id: await createDraftOfA(f) } }),
  // Pinned duties: a duty set by hand is pinned.
  unpinSlot: async (f) => ({ params: { id: await pinnedSlotOf(f) } }),
  unpinAll: () => ({ body: { from: '2025-09-01', to: '2026-08-31' } }),
  exportOrganization: ({ admin }) => ({ body: { password: admin.password } }),
  importOrganization: ({ admin }) => ({
    body: { password: admin.password },
    file: { name: 'export.zip', content: Buffer.from('PK\x05\x06' + '\0'.repeat(18), 'binary'), contentType: 'application/zip' },
  }),
};

/** A draft of organisation A over one future Monday of its own. */
async function createDraftOfA({ t, admin }: Fixtures): Promise<string> {
  const date = futureMonday();
  const res = await t
    .http()
    .post('/api/rota/drafts')
    .set(...bearer(admin.token))
    .send({ startDate: date, endDate: date, allWeekdays: true });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

/** The id of a pinned slot of A: its colleague put on duty by hand. */
async function pinnedSlotOf(f: Fixtures): Promise<string> {
  const { date } = await dutyOf(f, f.other);
  const res = await f.t
    .http()
    .get('/api/rota')
    .query({ startDate: date, endDate: date })
    .set(...bearer(f.admin.token));
  expect(res.status).toBe(200);
  return res.body[0].slots[0].slotId as string;
}

/** Where the caller's credentials go, and the example, in one real HTTP request. */
export interface Credentials {
  bearer?: string;
  query?: Record<string, string>;
}

export function callOperation(t: TestApp, op: Operation, example: Example, credentials: Credentials = {}) {
  const path = op.path.replace(/\{([^}]+)\}/g, (_match, name: string) => encodeURIComponent(example.params?.[name] ?? 'missing-param'));
  const query = new URLSearchParams({ ...example.query, ...credentials.query }).toString();
  let req = t.http()[op.method](query ? `${path}?${query}` : path);
  if (credentials.bearer) req = req.set(...bearer(credentials.bearer));
  // The body's fields go first, as a browser's form sends them, then the file.
  for (const [name, value] of example.file ? Object.entries(example.body ?? {}) : []) req = req.field(name, String(value));
  if (example.file) return req.attach('file', example.file.content, { filename: example.file.name, contentType: example.file.contentType });
  return example.body ? req.send(example.body) : req;
}

/** Valid 2025-2026 term dates. */
export const TERMS_2025 = [
  { name: 'autumn', startDate: '2025-09-03', endDate: '2025-12-19', halfTermStart: '2025-10-27', halfTermEnd: '2025-10-31' },
  { name: 'spring', startDate: '2026-01-05', endDate: '2026-03-27', halfTermStart: '2026-02-16', halfTermEnd: '2026-02-20' },
  { name: 'summer', startDate: '2026-04-13', endDate: '2026-07-22', halfTermStart: null, halfTermEnd: null },
];

const TEMPLATE = {
  subject: 'Duty on {date}',
  greeting: 'Dear {staffName},',
  mainMessage: '<p>You are on duty on {date}.</p>',
  keyReminders: ['Wear the lanyard'],
  emergencyContacts: ['Office: 100'],
  footerMessage: 'Thanks',
  signature: 'Head Teacher',
};

let counter = 0;
const next = () => ++counter;

/** The server's "today" is the real date: bulk rota changes need an end date after it. */
function weeksAhead(weeks: number): string {
  return new Date(Date.now() + weeks * 7 * 86_400_000).toISOString().slice(0, 10);
}

/** A future weekday (Mondays from 7 January 2030 on), different on every call. */
function futureMonday(): string {
  return new Date(Date.UTC(2030, 0, 7 + 7 * next())).toISOString().slice(0, 10);
}

function csv(text: string): NonNullable<Example['file']> {
  return { name: 'staff.csv', content: Buffer.from(text, 'utf8'), contentType: 'text/csv' };
}

function pdf(title: string): NonNullable<Example['file']> {
  return { name: `${title}.pdf`, content: Buffer.from(`%PDF-1.4\n% ${title}\n%%EOF\n`), contentType: 'application/pdf' };
}

/** Uploads a procedure document for A unless A has one (which is then kept). */
async function ensureDocument({ t, admin }: Fixtures): Promise<void> {
  const current = await t
    .http()
    .get('/api/settings/procedure-file')
    .set(...bearer(admin.token));
  if (current.status === 200) return;
  expect(current.status).toBe(404);
  const file = pdf('Procedures');
  const res = await t
    .http()
    .post('/api/settings/procedure-file')
    .set(...bearer(admin.token))
    .attach('file', file.content, { filename: file.name, contentType: file.contentType });
  expect(res.status).toBe(200);
}

async function createStaffOfA({ t, admin }: Fixtures, { invite = false } = {}): Promise<string> {
  const n = next();
  const res = await t
    .http()
    .post('/api/staff')
    .set(...bearer(admin.token))
    .send({ name: `Alpha Person ${n}`, email: `alpha-${n}@a.example`, invite });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

async function createStaffGroupOfA(f: Fixtures): Promise<string> {
  const res = await f.t
    .http()
    .post('/api/staff-groups')
    .set(...bearer(f.admin.token))
    .send({ name: `Alpha Group ${next()}`, memberIds: [f.other] });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

async function createDutyOfA({ t, admin }: Fixtures): Promise<string> {
  const res = await t
    .http()
    .post('/api/duties')
    .set(...bearer(admin.token))
    .send({ name: `Alpha Duty ${next()}`, startTime: '12:00', endTime: '12:30', weekdays: [{ weekday: 2, people: 2 }] });
  expect(res.status).toBe(201);
  return res.body.duty.id as string;
}

async function createHolidayOfA({ t, admin }: Fixtures): Promise<string> {
  const date = futureMonday();
  const res = await t
    .http()
    .post('/api/holidays')
    .set(...bearer(admin.token))
    .send({ name: 'Alpha Day', type: 'inset_day', startDate: date, endDate: date });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

/** `staffId` on duty on a new future day. */
async function dutyOf({ t, admin }: Fixtures, staffId: string): Promise<{ date: string; rotaDayId: string }> {
  const date = futureMonday();
  const res = await t
    .http()
    .post('/api/rota')
    .set(...bearer(admin.token))
    .send({ date, dutyManager1Id: staffId });
  expect(res.status).toBe(201);
  return { date, rotaDayId: res.body.id as string };
}

/** A swap request of A's staff member waiting for the colleague (asked by the admin on their behalf). */
async function createSwapRequestOfA(f: Fixtures): Promise<string> {
  const { date } = await dutyOf(f, f.staff.staffId);
  const res = await f.t
    .http()
    .post('/api/swap-requests')
    .set(...bearer(f.admin.token))
    .send({ requesterId: f.staff.staffId, targetId: f.other, originalDate: date, swapDate: date, reason: 'Trip' });
  expect({ status: res.status, request: res.body.request?.status }).toEqual({ status: 201, request: 'awaiting_colleague' });
  return res.body.request.id as string;
}

/** A notification of A's staff member: the admin puts them on duty by hand. */
async function notificationOfA(f: Fixtures): Promise<string> {
  await dutyOf(f, f.staff.staffId);
  const res = await f.t
    .http()
    .get('/api/notifications')
    .set(...bearer(f.staff.token));
  expect(res.status).toBe(200);
  return res.body.items[0].id as string;
}

/** A pending cancel request of A's staff member (cancellation auto-approval is turned off first). */
async function createCancelRequestOfA(f: Fixtures): Promise<string> {
  const off = await f.t
    .http()
    .post('/api/auto-approval-settings')
    .set(...bearer(f.admin.token))
    .send({ adminPassword: f.admin.password, cancellations: false });
  expect(off.status).toBe(200);
  const { date } = await dutyOf(f, f.staff.staffId);
  const res = await f.t
    .http()
    .post('/api/cancel-requests')
    .set(...bearer(f.admin.token))
    .send({ staffId: f.staff.staffId, date, reason: 'Trip' });
  expect({ status: res.status, request: res.body.request?.status }).toEqual({ status: 201, request: 'pending' });
  return res.body.request.id as string;
}

/** An unavailability period of A's staff member. */
async function createUnavailabilityOfA(f: Fixtures): Promise<string> {
  const date = futureMonday();
  const res = await f.t
    .http()
    .post('/api/staff-unavailability')
    .set(...bearer(f.admin.token))
    .send({ staffId: f.staff.staffId, startDate: date, endDate: date, reason: 'Course' });
  expect(res.status).toBe(201);
  return res.body.unavailability.id as string;
}

/** A weekly commitment of A's staff member. */
async function createRecurringUnavailabilityOfA(f: Fixtures): Promise<string> {
  const date = futureMonday();
  const res = await f.t
    .http()
    .post('/api/staff-unavailability/recurring')
    .set(...bearer(f.admin.token))
    .send({ staffId: f.staff.staffId, weekdays: [1], startDate: date, endDate: date, reason: 'Club' });
  expect(res.status).toBe(201);
  return res.body.rule.id as string;
}
