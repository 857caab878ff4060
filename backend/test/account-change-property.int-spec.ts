import fc from 'fast-check';
import { EmailRequestsService } from '../src/modules/auth/email-requests.service';
import { OutboxWorker } from '../src/modules/mail/outbox.worker';
import { bearer, registerOrganization, type Account } from './support/accounts';
import { memberWithRole } from './support/members';
import { CLIENT_ID, CLIENT_SECRET, startTestProviders, type TestProviders } from './support/openid-provider';
import { type ReceivedEmail, SmtpSink } from './support/smtp-sink';
import { ssoBrowser } from './support/sso-browser';
import { createTestApp, type TestApp } from './support/test-app';
import { sqlOf } from './support/http';

/**
 * No change one person makes to another's account lets them sign in as that person (issue 38).
 * For every actor role × target kind, fast-check draws sequences of the routes that change an
 * account's email, role, active state or link (PUT /api/staff/{id} with email / isActive / name /
 * invite, PUT /api/staff/{id}/role, POST /api/staff/{id}/invite, POST /api/staff with the
 * target's address, and the provider sign-in that links an identity), interleaved with the actor
 * using everything it controls: its own mailboxes (every link that arrives there is followed:
 * email-change confirmations, invitations and resets, with a password of the actor's choosing),
 * resets asked for its addresses, its own identities at the school's provider, and password
 * sign-ins with its addresses. After every sequence, no session the actor holds is the target's.
 *
 * An invitation never used is the one account without a person behind it yet (docs/security.md,
 * "Who may act on whom"): re-addressing it is allowed and sends the invitation to the new
 * address. For that kind the property is that the invitee's own link dies with the change, so
 * the actor can never take an account its invitee has started to use.
 */
const APP_URL = 'http://localhost:3997';
const DOMAIN = 'school.example';
const ACTOR_PASSWORD = 'the actor chose this';

type TargetKind = 'password' | 'provider-only' | 'invited' | 'admin';
type ActorRole = 'staff' | 'manager' | 'admin';

const ACTIONS = [
  'email-elsewhere',
  'email-at-provider',
  'email-and-invite',
  'invite',
  'deactivate',
  'reactivate',
  'role-staff',
  'role-manager',
  'role-admin',
  'rename',
  'link-new-record',
  'use-mailbox',
  'provider-sign-in',
] as const;
type Action = (typeof ACTIONS)[number];

describe('no account change lets the actor sign in as the target', () => {
  let t: TestApp;
  let op: TestProviders;
  let smtp: SmtpSink;
  let browser: ReturnType<typeof ssoBrowser>;
  let school: Account;
  let n = 0;
  const next = () => (n += 1);

  beforeAll(async () => {
    smtp = await new SmtpSink().start();
    op = await startTestProviders(`${APP_URL}/api/auth/sso/callback`);
    t = await createTestApp({ env: { APP_URL, SMTP_URL: smtp.url, OIDC_GOOGLE_ISSUER: op.google } });
    browser = ssoBrowser(t, op, APP_URL);
    school = await registerOrganization(t);
    await t
      .http()
      .put('/api/sign-in-settings/google')
      .set(...bearer(school.token))
      .send({ password: school.password, enabled: true, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, allowedDomains: [DOMAIN] })
      .expect(200);
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await op?.close();
    await smtp?.stop();
  });

  const sql: ReturnType<typeof sqlOf> = (query, params) => sqlOf(t)(query, params);
  const settled = async () => {
    await t.get(EmailRequestsService).whenFinished();
    await t.get(OutboxWorker).finishSending();
  };
  const userIdOf = async (token: string): Promise<string | undefined> => {
    const res = await t.http().get('/api/auth/user').set(...bearer(token));
    return res.status === 200 ? (res.body.user.id as string) : undefined;
  };

  interface Target {
    staffId: string;
    userId: string;
    email: string;
    /** The invitee's own set-password link (invited kind). */
    inviteLink?: string;
  }

  async function makeTarget(kind: TargetKind): Promise<Target> {
    const i = next();
    const email = `target-${i}@${DOMAIN}`;
    if (kind === 'password' || kind === 'admin') {
      const member = await memberWithRole(t, school, kind === 'admin' ? 'admin' : 'staff', `Tara Target ${i}`);
      const [row] = await sql('select user_id from staff where id = ?', [member.staffId]);
      return { staffId: member.staffId, userId: row!.user_id as string, email: member.email };
    }
    if (kind === 'invited') {
      const created = await t.http().post('/api/staff').set(...bearer(school.token)).send({ name: `Ivy Invited ${i}`, email, invite: true }).expect(201);
      await settled();
      const mail = smtp.received.find((e) => e.to.includes(email) && /invited/i.test(e.subject))!;
      return { staffId: created.body.id, userId: created.body.userId, email, inviteLink: linkOf(mail, '/reset-password?token=') };
    }
    const created = await t.http().post('/api/staff').set(...bearer(school.token)).send({ name: `Pia Provider ${i}`, email }).expect(201);
    const signedIn = await browser.signIn('google', school.subdomain, { sub: `target-sub-${i}`, email, email_verified: true, hd: DOMAIN });
    expect(signedIn.token).toBeDefined();
    return { staffId: created.body.id, userId: (await userIdOf(signedIn.token!))!, email };
  }

  function linkOf(email: ReceivedEmail, path: string): string | undefined {
    return email.text.match(new RegExp(`https?://\\S*${path.replace(/[?]/g, '\\?')}\\S*`))?.[0];
  }

  /** What the actor controls: addresses (its mailboxes), identities at the provider, and the sessions it has won. */
  interface Actor {
    token: string;
    addresses: Set<string>;
    providerIdentities: { sub: string; email: string }[];
    sessions: string[];
    seenEmails: number;
  }

  async function useMailbox(actor: Actor): Promise<void> {
    for (const address of actor.addresses) {
      await t.http().post('/api/auth/forgot-password').send({ email: address, organizationSubdomain: school.subdomain });
    }
    await settled();
    const fresh = smtp.received.slice(actor.seenEmails);
    actor.seenEmails = smtp.received.length;
    for (const email of fresh.filter((e) => [...actor.addresses].some((a) => e.to.includes(a)))) {
      const confirm = linkOf(email, '/confirm-email?token=');
      if (confirm) await t.http().post('/api/auth/confirm-email').send({ token: new URL(confirm).searchParams.get('token') });
      const reset = linkOf(email, '/reset-password?token=');
      if (reset) {
        const res = await t.http().post('/api/auth/reset-password').send({ token: new URL(reset).searchParams.get('token'), newPassword: ACTOR_PASSWORD });
        if (res.body.token) actor.sessions.push(res.body.token as string);
      }
    }
    for (const address of actor.addresses) {
      const login = await t.http().post('/api/auth/login').send({ email: address, password: ACTOR_PASSWORD, organizationSubdomain: school.subdomain });
      if (login.body.token) actor.sessions.push(login.body.token as string);
    }
  }

  async function providerSignIns(actor: Actor): Promise<void> {
    for (const identity of actor.providerIdentities) {
      const outcome = await browser.signIn('google', school.subdomain, { ...identity, email_verified: true, hd: DOMAIN });
      if (outcome.token) actor.sessions.push(outcome.token);
    }
  }

  async function act(actor: Actor, target: Target, action: Action): Promise<void> {
    const as = (method: 'put' | 'post', url: string, body: object = {}) => t.http()[method](url).set(...bearer(actor.token)).send(body);
    const elsewhere = () => {
      const address = `taker-${next()}@evil.example`;
      actor.addresses.add(address);
      return address;
    };
    const atProvider = () => {
      const i = next();
      const address = `actor-${i}@${DOMAIN}`;
      actor.addresses.add(address);
      actor.providerIdentities.push({ sub: `actor-sub-${i}`, email: address });
      return address;
    };
    switch (action) {
      case 'email-elsewhere':
        return void (await as('put', `/api/staff/${target.staffId}`, { email: elsewhere() }));
      case 'email-at-provider':
        return void (await as('put', `/api/staff/${target.staffId}`, { email: atProvider() }));
      case 'email-and-invite':
        return void (await as('put', `/api/staff/${target.staffId}`, { email: elsewhere(), invite: true }));
      case 'invite':
        return void (await as('post', `/api/staff/${target.staffId}/invite`));
      case 'deactivate':
        return void (await as('put', `/api/staff/${target.staffId}`, { isActive: false }));
      case 'reactivate':
        return void (await as('put', `/api/staff/${target.staffId}`, { isActive: true }));
      case 'role-staff':
      case 'role-manager':
      case 'role-admin':
        return void (await as('put', `/api/staff/${target.staffId}/role`, { role: action.slice(5) }));
      case 'rename':
        return void (await as('put', `/api/staff/${target.staffId}`, { name: `Renamed ${next()}` }));
      case 'link-new-record': {
        const [row] = await sql('select email from users where id = ?', [target.userId]);
        return void (await as('post', '/api/staff', { name: 'Link Attempt', email: row!.email, invite: true }));
      }
      case 'use-mailbox':
        return useMailbox(actor);
      case 'provider-sign-in':
        return providerSignIns(actor);
    }
  }

  const PAIRS: [ActorRole, TargetKind][] = (['staff', 'manager', 'admin'] as const).flatMap((role) =>
    (['password', 'provider-only', 'invited', 'admin'] as const).map((kind) => [role, kind] as [ActorRole, TargetKind]),
  );

  it.each(PAIRS)('a %s acting on a %s account never gets a session of it', async (role, kind) => {
    await sql('delete from rate_limit_buckets');
    const actorAccount = role === 'admin' ? await memberWithRole(t, school, 'admin', 'Ari Actor') : await memberWithRole(t, school, role, 'Ari Actor');
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom(...ACTIONS), { minLength: 1, maxLength: 6 }), async (actions) => {
        await settled();
        // The actor's failed sign-ins and the emails to its addresses would otherwise hit their
        // limits after a few runs, and a throttled attempt proves nothing either way.
        await sql('delete from rate_limit_buckets');
        const target = await makeTarget(kind);
        const actor: Actor = { token: actorAccount.token, addresses: new Set(), providerIdentities: [], sessions: [], seenEmails: smtp.received.length };
        for (const action of actions) await act(actor, target, action);
        // Whatever was done, the actor finally uses everything it holds.
        await useMailbox(actor);
        await providerSignIns(actor);
        const reached = [];
        for (const session of actor.sessions) reached.push(await userIdOf(session));
        if (kind === 'invited') {
          // The invitee's own link opens nothing once the account was re-addressed.
          const [row] = await sql('select email from users where id = ?', [target.userId]);
          if (row!.email !== target.email) {
            const token = new URL(target.inviteLink!).searchParams.get('token');
            const res = await t.http().post('/api/auth/reset-password').send({ token, newPassword: 'the invitee chose this' });
            expect({ actions, status: res.status }).toEqual({ actions, status: 400 });
          }
          return;
        }
        expect({ actions, reachedTarget: reached.includes(target.userId) }).toEqual({ actions, reachedTarget: false });
      }),
      { numRuns: 8, seed: 382026, endOnFailure: true },
    );
  }, 240_000);
});
