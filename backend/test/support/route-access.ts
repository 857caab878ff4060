import type { Account } from './accounts';
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
  /** Answers only about the caller's own organisation; takes no ids. */
  | { kind: 'own' }
  /**
   * Takes ids of tenant data: `run` must show that B's admin using A's ids gets 404 and that
   * nothing changed. Every route with path parameters needs one.
   */
  | { kind: 'ids'; run: (ctx: CrossTenantContext) => Promise<void> };

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
};
