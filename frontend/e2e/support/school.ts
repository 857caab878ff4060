import { expect, type APIRequestContext } from '@playwright/test';

/** A short id, unique enough to keep each test's organisation, emails and subdomain apart. */
export function unique(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
}

/**
 * An address in 198.18.0.0/15 (set aside for testing) for one school's sign-up: the e2e server
 * trusts X-Forwarded-For from loopback (e2e/support/serve.mjs), as behind a school's proxy, so
 * each school signs up from a network of its own and the suite stays under the app's limit of
 * sign-ups per network and hour, which it would pass from one address.
 */
function schoolNetworkAddress(): string {
  const bits = Math.floor(Math.random() * 2 ** 17);
  return `198.${18 + (bits >> 16)}.${(bits >> 8) & 0xff}.${bits & 0xff}`;
}

export interface RegisteredSchool {
  id: string;
  token: string;
  email: string;
  password: string;
  subdomain: string;
  organizationName: string;
}

/**
 * Registers a new organisation through the API and returns its admin's token with the values
 * it was registered with. With `id = unique()`: the subdomain is `${prefix}-${id}`, the admin's
 * email `${emailPrefix ?? prefix}-${id}@example.com`, and the organisation name, unless given,
 * `${Prefix} School ${id}` (e.g. "Rota School k3x9…" for the prefix "rota").
 */
export async function registerSchool(
  request: APIRequestContext,
  school: {
    prefix: string;
    adminName: string;
    password: string;
    organizationName?: string;
    emailPrefix?: string;
  },
): Promise<RegisteredSchool> {
  const id = unique();
  const { prefix, adminName, password } = school;
  const email = `${school.emailPrefix ?? prefix}-${id}@example.com`;
  const subdomain = `${prefix}-${id}`;
  const organizationName =
    school.organizationName ?? `${prefix[0]!.toUpperCase()}${prefix.slice(1)} School ${id}`;
  const registered = await request.post('/api/auth/register', {
    data: { name: adminName, email, password, organizationName, organizationSubdomain: subdomain },
    headers: { 'X-Forwarded-For': schoolNetworkAddress() },
  });
  expect(registered.status(), `register ${subdomain}: ${await registered.text()}`).toBe(201);
  const { token } = (await registered.json()) as { token: string };
  return { id, token, email, password, subdomain, organizationName };
}

/** The academic year 2025–26's terms, as an admin saves them with PUT /api/term-dates/2025. */
export const TERMS_2025_26 = [
  {
    name: 'autumn',
    startDate: '2025-09-03',
    endDate: '2025-12-19',
    halfTermStart: '2025-10-27',
    halfTermEnd: '2025-10-31',
  },
  {
    name: 'spring',
    startDate: '2026-01-05',
    endDate: '2026-03-27',
    halfTermStart: '2026-02-16',
    halfTermEnd: '2026-02-20',
  },
  {
    name: 'summer',
    startDate: '2026-04-13',
    endDate: '2026-07-21',
    halfTermStart: '2026-05-25',
    halfTermEnd: '2026-05-29',
  },
];
