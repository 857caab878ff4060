import { checkIdentity, microsoftIssuer, type ProviderRules } from './provider-identity';
import { discoveryTarget, isLoopbackHttp } from './openid-provider.client';

const TENANT_A = '8eaef023-2b34-4da1-9baa-8bc8c9d6a490';
const TENANT_B = '72f988bf-86f1-41af-91ab-2d7cd011db47';
const AUTHORITY = 'https://login.microsoftonline.com';
const rules = (kind: ProviderRules['kind'], extra: Partial<ProviderRules> = {}): ProviderRules => ({ kind, allowedDomains: [], allowedTenantIds: [], ...extra });

describe('checkIdentity', () => {
  const google = rules('google', { allowedDomains: ['stmarys.sch.uk'] });
  const GOOGLE = { iss: 'https://accounts.google.com', sub: '1001' };

  it('Google: accepts a verified address of an allowed Workspace domain, lower-cased, with the name and the subject', () => {
    expect(checkIdentity(google, { ...GOOGLE, email: ' Ann.Lee@StMarys.sch.uk ', email_verified: true, hd: 'StMarys.sch.uk', name: 'Ann Lee' }, AUTHORITY)).toEqual({
      ok: true,
      identity: { email: 'ann.lee@stmarys.sch.uk', name: 'Ann Lee', issuer: 'https://accounts.google.com', subject: '1001' },
    });
  });

  it('normalises the address (full-width letters are plain ones) and refuses look-alike characters', () => {
    const claims = (email: string) => ({ ...GOOGLE, email, email_verified: true, hd: 'stmarys.sch.uk' });
    expect(checkIdentity(google, claims('ａｎｎ@stmarys.sch.uk'), AUTHORITY)).toMatchObject({ ok: true, identity: { email: 'ann@stmarys.sch.uk' } });
    // A Cyrillic а, and a dotted İ (lower-cased: i and a combining dot).
    expect(checkIdentity(google, claims('\u0430nn@stmarys.sch.uk'), AUTHORITY)).toMatchObject({ ok: false, refusal: 'look_alike_email' });
    expect(checkIdentity(google, claims('\u0130an@stmarys.sch.uk'), AUTHORITY)).toMatchObject({ ok: false, refusal: 'look_alike_email' });
  });

  it('keeps a name on one line of printable text, whatever the claim holds', () => {
    const claims = { ...GOOGLE, email: 'ann@stmarys.sch.uk', email_verified: true, hd: 'stmarys.sch.uk', name: 'Ann\r\nBcc: x@evil.example\u0007\u202e Lee' };
    expect(checkIdentity(google, claims, AUTHORITY)).toMatchObject({ ok: true, identity: { name: 'Ann Bcc: x@evil.example Lee' } });
  });

  it('refuses a token without a subject: the account is linked to it', () => {
    expect(checkIdentity(google, { iss: GOOGLE.iss, email: 'ann@stmarys.sch.uk', email_verified: true, hd: 'stmarys.sch.uk' }, AUTHORITY)).toMatchObject({ ok: false, refusal: 'failed' });
  });

  it('Google: the hd claim decides, not the address; unverified or missing addresses are refused', () => {
    expect(checkIdentity(google, { ...GOOGLE, email: 'ann@stmarys.sch.uk', email_verified: true, hd: 'other.sch.uk' }, AUTHORITY)).toMatchObject({ ok: false, refusal: 'wrong_domain' });
    expect(checkIdentity(google, { ...GOOGLE, email: 'ann@stmarys.sch.uk', email_verified: true }, AUTHORITY)).toMatchObject({ ok: false, refusal: 'wrong_domain' });
    expect(checkIdentity(google, { ...GOOGLE, email: 'ann@stmarys.sch.uk', email_verified: 'true', hd: 'stmarys.sch.uk' }, AUTHORITY)).toMatchObject({ ok: false, refusal: 'unverified_email' });
    expect(checkIdentity(google, { ...GOOGLE, email_verified: true, hd: 'stmarys.sch.uk' }, AUTHORITY)).toMatchObject({ ok: false, refusal: 'no_email' });
  });

  describe('Microsoft', () => {
    const microsoft = rules('microsoft', { allowedTenantIds: [TENANT_A, TENANT_B] });
    const token = (tid: string, iss: string, extra: object = {}) => ({ tid, iss, sub: 'mo-sub', email: 'mo@school.org', xms_edov: true, ...extra });

    it('accepts an allowed tenant whose token comes from that tenant’s issuer, whatever the authority host', () => {
      expect(checkIdentity(microsoft, token(TENANT_A, microsoftIssuer(AUTHORITY, TENANT_A)), AUTHORITY)).toMatchObject({ ok: true, identity: { email: 'mo@school.org' } });
      const national = 'https://login.microsoftonline.us/';
      expect(checkIdentity(microsoft, token(TENANT_B, `https://login.microsoftonline.us/${TENANT_B}/v2.0`), national)).toMatchObject({ ok: true });
    });

    it('refuses a tenant not on the list, and a token whose issuer is another tenant’s (both allowed) or another host’s', () => {
      const other = '00000000-0000-4000-8000-000000000000';
      expect(checkIdentity(microsoft, token(other, microsoftIssuer(AUTHORITY, other)), AUTHORITY)).toMatchObject({ ok: false, refusal: 'tenant_not_allowed' });
      expect(checkIdentity(microsoft, token(TENANT_B, microsoftIssuer(AUTHORITY, TENANT_A)), AUTHORITY)).toMatchObject({ ok: false, refusal: 'issuer_mismatch' });
      expect(checkIdentity(microsoft, token(TENANT_A, `https://evil.example/${TENANT_A}/v2.0`), AUTHORITY)).toMatchObject({ ok: false, refusal: 'issuer_mismatch' });
    });

    it('needs an address its tenant vouches for (email_verified or xms_edov), never the sign-in name', () => {
      const iss = microsoftIssuer(AUTHORITY, TENANT_A);
      expect(checkIdentity(microsoft, token(TENANT_A, iss, { xms_edov: undefined, email_verified: true }), AUTHORITY)).toMatchObject({ ok: true });
      expect(checkIdentity(microsoft, { tid: TENANT_A, iss, sub: 'mo-sub', preferred_username: 'Mo@School.org', xms_edov: true }, AUTHORITY)).toMatchObject({
        ok: false,
        refusal: 'no_email',
      });
      expect(checkIdentity(microsoft, token(TENANT_A, iss, { xms_edov: undefined }), AUTHORITY)).toMatchObject({ ok: false, refusal: 'unverified_email' });
      expect(checkIdentity(microsoft, token(TENANT_A, iss, { xms_edov: false, email_verified: false }), AUTHORITY)).toMatchObject({ ok: false, refusal: 'unverified_email' });
    });
  });

  it('another provider: only a verified address', () => {
    expect(checkIdentity(rules('oidc'), { iss: 'https://id.y.org', sub: 'x', email: 'x@y.org', email_verified: true, given_name: 'Xi', family_name: 'Yu' }, AUTHORITY)).toEqual({
      ok: true,
      identity: { email: 'x@y.org', name: 'Xi Yu', issuer: 'https://id.y.org', subject: 'x' },
    });
    expect(checkIdentity(rules('oidc'), { iss: 'https://id.y.org', sub: 'x', email: 'x@y.org' }, AUTHORITY)).toMatchObject({ ok: false, refusal: 'unverified_email' });
  });
});

describe('discoveryTarget', () => {
  const env = { OIDC_GOOGLE_ISSUER: 'https://accounts.google.com', OIDC_MICROSOFT_AUTHORITY: AUTHORITY };
  const target = (provider: { kind: 'google' | 'microsoft' | 'oidc'; allowedTenantIds?: string[]; issuer?: string }, over = {}) => {
    const found = discoveryTarget({ allowedTenantIds: [], ...provider }, { ...env, ...over });
    return { server: found.server.href, reroute: found.reroute };
  };

  it('starts Google at its issuer and another provider at its own', () => {
    expect(target({ kind: 'google' })).toEqual({ server: 'https://accounts.google.com/', reroute: undefined });
    expect(target({ kind: 'oidc', issuer: 'https://login.example.org/realms/school' })).toEqual({ server: 'https://login.example.org/realms/school', reroute: undefined });
  });

  it('starts Microsoft at the one tenant’s issuer, or at the multi-tenant endpoint (through the configured authority) for several', () => {
    expect(target({ kind: 'microsoft', allowedTenantIds: [TENANT_A] })).toEqual({ server: `${AUTHORITY}/${TENANT_A}/v2.0`, reroute: undefined });
    expect(target({ kind: 'microsoft', allowedTenantIds: [TENANT_A, TENANT_B] })).toEqual({ server: `${AUTHORITY}/organizations/v2.0`, reroute: undefined });
    expect(target({ kind: 'microsoft', allowedTenantIds: [TENANT_A] }, { OIDC_MICROSOFT_AUTHORITY: 'https://login.microsoftonline.us/' })).toEqual({
      server: `https://login.microsoftonline.us/${TENANT_A}/v2.0`,
      reroute: undefined,
    });
    expect(target({ kind: 'microsoft', allowedTenantIds: [TENANT_A, TENANT_B] }, { OIDC_MICROSOFT_AUTHORITY: 'https://login.microsoftonline.us' })).toEqual({
      server: `${AUTHORITY}/organizations/v2.0`,
      reroute: { from: AUTHORITY, to: 'https://login.microsoftonline.us' },
    });
  });
});

describe('isLoopbackHttp', () => {
  it('allows plain http only to this machine', () => {
    expect(['http://127.0.0.1:4000/x', 'http://localhost/', 'http://[::1]:8080'].map((u) => isLoopbackHttp(new URL(u)))).toEqual([true, true, true]);
    expect(['https://127.0.0.1/', 'http://login.example.org/', 'http://127.0.0.1.example.org/'].map((u) => isLoopbackHttp(new URL(u)))).toEqual([false, false, false]);
  });
});
