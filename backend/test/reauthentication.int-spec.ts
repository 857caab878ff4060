import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { JwtService } from '@nestjs/jwt';
import { generate } from 'otplib';
import { TotpClock } from '../src/modules/auth/two-factor.service';
import { bearer, registerOrganization, type Account } from './support/accounts';
import { snapshotOrganization } from './support/db-snapshot';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * Re-authentication (docs/security.md, "Re-authentication"): the list of operations that ask for
 * it is written once in the docs, the code marks the same ones (`x-reauthentication` in the
 * OpenAPI spec), and every one of them refuses a signed-in request without the admin's password,
 * or with a wrong one, changing nothing — and accepts the same request with it.
 */
const DOCS = join(__dirname, '..', '..', 'docs', 'security.md');

function documentedOperations(): string[] {
  const text = readFileSync(DOCS, 'utf8');
  const block = /<!-- reauthenticated-operations:start -->([\s\S]*?)<!-- reauthenticated-operations:end -->/.exec(text);
  if (!block) throw new Error('docs/security.md has no reauthenticated-operations block');
  return [...block[1]!.matchAll(/^\| `(\w+)`/gm)].map((m) => m[1]!).sort();
}

interface Call {
  method: 'post' | 'put' | 'delete';
  /** The operation's address; for one that names a record, made from a record the admin's organisation gets first. */
  url: string | ((t: TestApp, admin: Account) => Promise<string>);
  /** The request without any re-authentication field (given the admin, for a body that names their organisation). */
  body: Record<string, unknown> | ((admin: Account) => Record<string, unknown>);
  /** What must hold before the operation can apply (e.g. a deletion to restore). */
  before?: (t: TestApp, admin: Account) => Promise<void>;
  /** The body's re-authentication fields, given the admin's password (and code, when two-step verification is on). */
  credentials: (password: string, code?: string) => Record<string, unknown>;
  /** The account needs two-step verification on for the operation to apply at all. */
  twoFactor?: boolean;
}

const standard = (password: string, code?: string) => ({ password, ...(code && { code }) });

/** A valid request per listed operation; the test fails for a listed operation without one. */
const CALLS: Record<string, Call> = {
  saveSignInOptions: {
    method: 'put',
    url: '/api/sign-in-settings',
    body: { joinRule: 'join_as_staff', passwordSignIn: true },
    credentials: standard,
  },
  saveGoogleSignIn: {
    method: 'put',
    url: '/api/sign-in-settings/google',
    body: { enabled: false, clientId: 'client-id', allowedDomains: ['school.example'] },
    credentials: standard,
  },
  saveMicrosoftSignIn: {
    method: 'put',
    url: '/api/sign-in-settings/microsoft',
    body: { enabled: false, clientId: 'client-id', allowedTenantIds: ['8eaef023-2b34-4da1-9baa-8bc8c9d6a490'] },
    credentials: standard,
  },
  saveOidcSignIn: {
    method: 'put',
    url: '/api/sign-in-settings/oidc',
    body: { enabled: false, name: 'Trust', issuer: 'https://login.example.org', clientId: 'x' },
    credentials: standard,
  },
  saveTwoFactorRequirement: {
    method: 'post',
    url: '/api/settings/two-factor-requirement',
    body: { requireAdminTwoFactor: true },
    credentials: standard,
    twoFactor: true,
  },
  saveAutoApprovalSettings: {
    method: 'post',
    url: '/api/auto-approval-settings',
    body: { swaps: true },
    credentials: (password, code) => ({ adminPassword: password, ...(code && { twoFactorCode: code }) }),
  },
  startTwoFactorSetup: { method: 'post', url: '/api/auth/two-factor/setup', body: {}, credentials: (password) => ({ password }) },
  disableTwoFactor: { method: 'post', url: '/api/auth/two-factor/disable', body: {}, credentials: standard, twoFactor: true },
  regenerateRecoveryCodes: { method: 'post', url: '/api/auth/two-factor/recovery-codes', body: {}, credentials: standard, twoFactor: true },
  changeOwnPassword: { method: 'post', url: '/api/auth/account/password', body: { newPassword: 'brand new secret' }, credentials: standard },
  changeOwnEmail: { method: 'post', url: '/api/auth/account/email', body: { newEmail: 'moved-admin@example.com' }, credentials: standard },
  requestOrganizationDeletion: {
    method: 'post',
    url: '/api/organization/deletion',
    body: (admin) => ({ confirmName: admin.organizationName }),
    credentials: standard,
  },
  restoreOrganization: {
    method: 'delete',
    url: '/api/organization/deletion',
    body: {},
    credentials: standard,
    before: async (t, admin) => {
      await t
        .http()
        .post('/api/organization/deletion')
        .set(...bearer(admin.token))
        .send({ confirmName: admin.organizationName, password: admin.password })
        .expect(200);
    },
  },
  eraseStaff: {
    method: 'post',
    url: async (t, admin) => {
      const leaver = await t
        .http()
        .post('/api/staff')
        .set(...bearer(admin.token))
        .send({ name: 'Lee Leaver', email: `lee-${admin.subdomain}@example.com` })
        .expect(201);
      return `/api/staff/${leaver.body.id as string}/erasure`;
    },
    body: {},
    credentials: standard,
  },
};

describe('re-authentication', () => {
  let t: TestApp;
  let totpNow = Math.floor(Date.now() / 1000 / 30) * 30;
  const code = (secret: string) => {
    totpNow += 30;
    return generate({ secret, epoch: totpNow });
  };

  beforeAll(async () => {
    t = await createTestApp();
    jest.spyOn(t.get(TotpClock), 'nowSeconds').mockImplementation(() => totpNow);
  });

  afterAll(() => t.close());

  let url = '';
  const send = (admin: Account, call: Call, extra: Record<string, unknown> = {}) => {
    const http = t.http();
    return http[call.method](url)
      .set(...bearer(admin.token))
      .send({ ...(typeof call.body === 'function' ? call.body(admin) : call.body), ...extra });
  };

  it('is asked by exactly the operations docs/security.md lists', async () => {
    const spec = (await t.http().get('/api/openapi.json').expect(200)).body as {
      paths: Record<string, Record<string, { operationId: string; 'x-reauthentication'?: boolean }>>;
    };
    const marked = Object.values(spec.paths)
      .flatMap((item) => Object.values(item))
      .filter((op) => op['x-reauthentication'] === true)
      .map((op) => op.operationId)
      .sort();
    expect(marked).toEqual(documentedOperations());
    expect(Object.keys(CALLS).sort()).toEqual(documentedOperations());
  });

  it.each(documentedOperations().map((id) => [id] as const))(
    '%s refuses a session alone and a wrong password, changing nothing, and takes the right one',
    async (id) => {
      const call = CALLS[id];
      expect({ id, example: Boolean(call) }).toEqual({ id, example: true });
      const admin = await registerOrganization(t);
      const organization = (new JwtService().decode(admin.token) as { org: string }).org;
      let secret: string | undefined;
      if (call!.twoFactor) {
        const setup = await t
          .http()
          .post('/api/auth/two-factor/setup')
          .set(...bearer(admin.token))
          .send({ password: admin.password })
          .expect(200);
        secret = setup.body.secret as string;
        await t
          .http()
          .post('/api/auth/two-factor/enable')
          .set(...bearer(admin.token))
          .send({ code: await code(secret) })
          .expect(200);
      }
      await call!.before?.(t, admin);
      url = typeof call!.url === 'string' ? call!.url : await call!.url(t, admin);
      const before = await snapshotOrganization(t, organization);

      const bare = await send(admin, call!);
      expect({ id, status: bare.status, code: bare.body.code }).toEqual({
        id,
        status: 400,
        code: expect.stringMatching(/^(admin_)?password_required$/),
      });
      const wrong = await send(admin, call!, { ...call!.credentials('not the password', secret && (await code(secret))) });
      expect({ id, status: wrong.status, code: wrong.body.code }).toEqual({
        id,
        status: 403,
        code: expect.stringMatching(/^(admin_)?password_incorrect$/),
      });
      if (secret) {
        const noCode = await send(admin, call!, { ...call!.credentials(admin.password) });
        expect({ id, status: noCode.status, code: noCode.body.code }).toEqual({ id, status: 400, code: 'two_factor_code_required' });
      }
      expect(await snapshotOrganization(t, organization)).toEqual(before);

      const right = await send(admin, call!, { ...call!.credentials(admin.password, secret && (await code(secret))) });
      expect({ id, status: right.status }).toEqual({ id, status: 200 });
    },
  );
});
