import { linkPath, waitForEmail } from './mailbox';
import type { RegisteredSchool } from './school';
import type { ApiCall } from './session';
import { expect, type APIRequestContext } from './test';

export interface StaffAccount {
  /** The staff record's id. */
  id: string;
  name: string;
  email: string;
  /** A signed-in token for their account. */
  token: string;
}

/**
 * Adds `name` as a staff member with an invitation, lets them choose a password from the
 * invitation email and signs them in, as a new colleague would: their staff record and token.
 */
export async function staffAccount(
  request: APIRequestContext,
  school: RegisteredSchool,
  admin: ApiCall,
  name: string,
  isTeaching = true,
): Promise<StaffAccount> {
  const email = `${name.split(' ')[0]!.toLowerCase()}-${school.id}@example.com`;
  const { id } = await admin('post', '/api/staff', { name, email, isTeaching, invite: true });
  const invitation = await waitForEmail(request, email, /invited/);
  const resetToken = new URL(linkPath(invitation, '/reset-password'), 'http://x').searchParams.get(
    'token',
  );
  const password = `${name.split(' ')[0]!.toLowerCase()}-password`;
  const reset = await request.post('/api/auth/reset-password', {
    data: { token: resetToken, newPassword: password },
  });
  expect(reset.status()).toBe(200);
  const login = await request.post('/api/auth/login', {
    data: { email, password, organizationSubdomain: school.subdomain },
  });
  expect(login.status()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  return { id: String(id), name, email, token };
}
