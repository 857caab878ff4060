import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bearer, registerOrganization, type Account } from './support/accounts';
import { snapshotDatabase } from './support/db-snapshot';
import { createTestApp, type TestApp } from './support/test-app';

/** Fields a client must never set through a body unless the operation's own schema has them. */
const PROTECTED = ['role', 'organizationId', 'isActive', 'id', 'status', 'createdAt', 'userId', 'organization'] as const;

interface SchemaObject {
  $ref?: string;
  properties?: Record<string, unknown>;
  allOf?: SchemaObject[];
}
interface Spec {
  paths: Record<string, Record<string, { operationId: string; requestBody?: { content: Record<string, { schema?: SchemaObject }> } }>>;
  components: { schemas: Record<string, SchemaObject> };
}

/** The property names a JSON body schema allows, following $ref and allOf. */
function allowedProperties(spec: Spec, schema: SchemaObject | undefined): Set<string> {
  if (!schema) return new Set();
  if (schema.$ref) return allowedProperties(spec, spec.components.schemas[schema.$ref.split('/').pop()!]);
  return new Set([...Object.keys(schema.properties ?? {}), ...(schema.allOf ?? []).flatMap((s) => [...allowedProperties(spec, s)])]);
}

/**
 * Mass assignment: every operation that takes a JSON body, sent the fields that decide who owns or
 * may do what (role, organizationId, isActive, id, status, …) where its schema doesn't have them,
 * answers 400 naming the field, and stores nothing — also when the rest of the body is valid.
 */
describe('mass assignment', () => {
  let t: TestApp;
  let admin: Account;
  let spec: Spec;

  beforeAll(async () => {
    t = await createTestApp({ env: { APP_NOW: '2025-09-08T09:00' } });
    admin = await registerOrganization(t);
    // The committed spec: it is generated from the built app (with the Swagger compiler plugin, which
    // ts-jest doesn't run) and CI fails when it is stale.
    spec = JSON.parse(readFileSync(join(__dirname, '..', '..', 'openapi', 'openapi.json'), 'utf8')) as Spec;
  });

  afterAll(() => t.close());

  it('refuses extra ownership and state fields on every JSON body, changing nothing', async () => {
    const cases = Object.entries(spec.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([, op]) => op.requestBody?.content['application/json'])
        .map(([method, op]) => ({ method, path, id: op.operationId, allowed: allowedProperties(spec, op.requestBody!.content['application/json']!.schema) })),
    );
    expect(cases.length).toBeGreaterThanOrEqual(25);
    const before = await snapshotDatabase(t);
    for (const { method, path, id, allowed } of cases) {
      const extras = PROTECTED.filter((field) => !allowed.has(field));
      expect({ id, extras: extras.length > 0 }).toEqual({ id, extras: true });
      const body = Object.fromEntries(extras.map((field) => [field, field === 'isActive' ? false : '00000000-0000-4000-8000-000000000001']));
      const url = path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
      const res = await t.http()[method as 'post'](url).set(...bearer(admin.token)).send(body);
      expect({ id, status: res.status }).toEqual({ id, status: 400 });
      for (const field of extras) expect({ id, message: res.body.message }).toEqual({ id, message: expect.stringContaining(`property ${field} should not exist`) });
    }
    expect(await snapshotDatabase(t)).toEqual(before);
  });

  it('rejects a valid body as a whole when it carries one field too many', async () => {
    const before = await snapshotDatabase(t);
    const attempts: [string, string, object][] = [
      ['post', '/api/staff', { name: 'Mallory', email: 'mallory@example.com', role: 'admin' }],
      ['post', '/api/staff', { name: 'Mallory', email: 'mallory@example.com', organizationId: '00000000-0000-4000-8000-000000000001' }],
      ['post', '/api/holidays', { name: 'Day off', type: 'other', startDate: '2025-10-01', endDate: '2025-10-01', id: '00000000-0000-4000-8000-000000000001' }],
      ['post', '/api/system-settings', { dutyManagersPerDay: 3, organizationId: '00000000-0000-4000-8000-000000000001' }],
      ['post', '/api/auth/register', { name: 'Eve', email: 'eve@example.com', password: 'correct horse', organizationName: 'Eve School', organizationSubdomain: 'eve-school', role: 'admin', isActive: true }],
    ];
    for (const [method, url, body] of attempts) {
      const res = await t.http()[method as 'post'](url).set(...bearer(admin.token)).send(body);
      expect({ url, status: res.status }).toEqual({ url, status: 400 });
    }
    expect(await snapshotDatabase(t)).toEqual(before);
  });
});
