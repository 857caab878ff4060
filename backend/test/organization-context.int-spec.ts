import * as path from 'node:path';
import { organizationArguments } from './support/organization-arguments';

const SRC = path.resolve(__dirname, '..', 'src');

describe('the organisation travels one way: the tenant context', () => {
  // A request's organisation is the signed-in user's, set in the context by the JWT strategy;
  // workers, cron and sign-in open TenantContext.run() where they learn it. Repositories and
  // services read it there (TenantContext.require(), which throws outside any context), so no
  // function takes it as an argument and nothing reads it off the session user.
  it('has no parameter named for the organisation, and no read of it off the session user', () => {
    expect(organizationArguments(SRC).map((f) => `${f.file}:${f.line} ${f.what}`)).toEqual([]);
  });
});

describe('the one-way check itself', () => {
  const sample = `
import type { AuthUser } from '../../common/auth/auth-user';
import { TenantContext } from '../../tenancy/tenant-context';

export function byArgument(org: string): string { return org; }
export const arrow = (organizationId: string) => organizationId;
export class Repository { find(em: unknown, orgId: string): unknown { return [em, orgId]; } }
export type Remover = (em: unknown, organisationId: string) => Promise<number>;
export function read(actor: AuthUser): string { return actor.organizationId; }
export function optional(actor?: AuthUser): string | undefined { return actor?.organizationId; }
export function indexed(user: AuthUser): string { return user['organizationId']; }
export function destructured({ organizationId }: AuthUser): string { return organizationId; }
export function renamed(user: AuthUser): string { const { organizationId: id } = user; return id; }
export function entering(user: AuthUser): Promise<string> { return TenantContext.run(user.organizationId, async () => TenantContext.require()); }
export function fine(organization: { id: string }, event: { organizationId: string }): string { return event.organizationId + organization.id + TenantContext.require(); }
`;

  it('finds a planted parameter or session-user read, and lets the context’s own entry and other objects’ ids be', () => {
    const found = organizationArguments(SRC, { [path.join('modules', 'planted', 'planted.service.ts')]: sample });
    expect(found.map((f) => `${f.line} ${f.what}`)).toEqual([
      '5 parameter org',
      '6 parameter organizationId',
      '7 parameter orgId',
      '8 parameter organisationId',
      '9 reads actor.organizationId off the session user',
      '10 reads actor?.organizationId off the session user',
      "11 reads user['organizationId'] off the session user",
      '12 parameter organizationId',
      '13 destructures organizationId off the session user',
    ]);
    expect(new Set(found.map((f) => f.file))).toEqual(new Set([path.join('modules', 'planted', 'planted.service.ts')]));
  });
});
