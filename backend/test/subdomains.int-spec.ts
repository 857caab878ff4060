import { MikroORM } from '@mikro-orm/core';
import { OutboxWorker } from '../src/modules/mail/outbox.worker';
import { OTHER_ORGANIZATION_SESSION } from '../src/modules/auth/jwt.strategy';
import { FIND_ORGANIZATIONS_MESSAGE } from '../src/modules/auth/find-organizations.service';
import { bearer, registerOrganization, type Account } from './support/accounts';
import { memberWithRole } from './support/members';
import { linkIn, SmtpSink } from './support/smtp-sink';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * Organisation addresses (docs/product.md#accounts-and-sign-in): with APP_BASE_DOMAIN set,
 * `<subdomain>.<base>` is the organisation's own address. supertest talks to 127.0.0.1 and names
 * the address in the Host header, as a browser on stmarys.localhost would.
 */
describe('organisation subdomains (APP_BASE_DOMAIN)', () => {
  /** Nothing follows the links here, so APP_URL needs no real server behind its port. */
  const APP_URL = 'http://localhost:4100';
  let t: TestApp;
  let smtp: SmtpSink;
  let stMarys: Account;
  let hillside: Account;

  const at = (host: string) => ({
    get: (url: string, token?: string) => {
      const req = t.http().get(url).set('Host', host);
      return token ? req.set(...bearer(token)) : req;
    },
    post: (url: string, body: object, token?: string) => {
      const req = t.http().post(url).set('Host', host).send(body);
      return token ? req.set(...bearer(token)) : req;
    },
  });
  const sql = (query: string, params: unknown[] = []) =>
    t.get(MikroORM).em.getConnection().execute<Record<string, unknown>[]>(query, params);
  const school = (account: Account) => at(`${account.subdomain}.localhost`);
  const schoolUrl = (account: Account) => `http://${account.subdomain}.localhost:4100`;

  beforeAll(async () => {
    smtp = await new SmtpSink().start();
    t = await createTestApp({ env: { APP_BASE_DOMAIN: 'localhost', APP_URL, SMTP_URL: smtp.url, APP_NOW: '2025-09-08T09:00' } });
    stMarys = await registerOrganization(t, { subdomain: `stmarys-${Date.now().toString(36)}`, organizationName: "St Mary's School" });
    hillside = await registerOrganization(t, { organizationName: 'Hillside Primary' });
  });

  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  describe('the address', () => {
    it("names the organisation on its own address, none on the bare domain, and says nothing about subdomains on other hosts", async () => {
      expect((await school(stMarys).get('/api/auth/host').expect(200)).body).toEqual({
        baseDomain: 'localhost',
        organization: { name: "St Mary's School", subdomain: stMarys.subdomain },
        unknownOrganization: false,
      });
      const bare = { baseDomain: 'localhost', organization: null, unknownOrganization: false };
      expect((await at('localhost').get('/api/auth/host').expect(200)).body).toEqual(bare);
      expect((await at('www.localhost').get('/api/auth/host').expect(200)).body).toEqual(bare);
      // An IP address (health checks, the other test suites) is served like a single-host install.
      expect((await t.http().get('/api/auth/host').expect(200)).body).toEqual({ baseDomain: null, organization: null, unknownOrganization: false });
    });

    it('answers 404 with a clear message on an address naming no organisation, or an inactive one', async () => {
      const unknown = at('no-such-school.localhost');
      expect((await unknown.get('/api/auth/host').expect(200)).body).toEqual({ baseDomain: 'localhost', organization: null, unknownOrganization: true });
      const login = await unknown.post('/api/auth/login', { email: stMarys.email, password: stMarys.password }).expect(404);
      expect(login.body.message).toBe(`We couldn't find a school at this address. Check the address, or find your school at ${APP_URL}.`);
      await unknown.get('/api/plan').expect(404);
      await unknown.post('/api/auth/forgot-password', { email: stMarys.email }).expect(404);
      // A session is no way in either: the address names no organisation.
      expect((await unknown.get('/api/auth/user', stMarys.token).expect(404)).body.message).toMatch(/couldn't find a school/);

      const closed = await registerOrganization(t, { organizationName: 'Closed School' });
      await school(closed).get('/api/plan').expect(200);
      await sql('update organizations set is_active = false where subdomain = ?', [closed.subdomain]);
      expect((await school(closed).get('/api/auth/host').expect(200)).body.unknownOrganization).toBe(true);
      await school(closed).get('/api/plan').expect(404);
    });
  });

  describe('sessions', () => {
    it("signs in on the school's address without naming the school, and refuses another school's name there", async () => {
      const login = await school(stMarys).post('/api/auth/login', { email: stMarys.email, password: stMarys.password }).expect(200);
      const me = await school(stMarys).get('/api/auth/user', login.body.token).expect(200);
      expect(me.body.organization.subdomain).toBe(stMarys.subdomain);
      // The same name as the address is fine; another one is a mistake to point out.
      await school(stMarys).post('/api/auth/login', { email: stMarys.email, password: stMarys.password, organizationSubdomain: stMarys.subdomain }).expect(200);
      const other = await school(stMarys).post('/api/auth/login', { email: hillside.email, password: hillside.password, organizationSubdomain: hillside.subdomain }).expect(400);
      expect(other.body.message).toBe("This address belongs to another organisation. Sign in at your own organisation's address.");
      // Another school's account is not found on this address: one answer for every failure.
      await school(stMarys).post('/api/auth/login', { email: hillside.email, password: hillside.password }).expect(401);
      // Away from a school's address the school is still named, as on a single-host install.
      const bare = await at('localhost').post('/api/auth/login', { email: stMarys.email, password: stMarys.password }).expect(400);
      expect(bare.body.message).toBe('Organization is required');
    });

    it("refuses a token issued for one school on another school's address (401), and takes it on its own", async () => {
      const refused = await school(stMarys).get('/api/auth/user', hillside.token).expect(401);
      expect(refused.body.message).toBe(OTHER_ORGANIZATION_SESSION);
      await school(stMarys).get('/api/staff', hillside.token).expect(401);
      await school(hillside).get('/api/staff', hillside.token).expect(200);
      // The bare domain and other hosts name no organisation: the token's own is used, as today.
      await at('localhost').get('/api/auth/user', hillside.token).expect(200);
      await t.http().get('/api/auth/user').set(...bearer(hillside.token)).expect(200);
    });

    it('signs up on the bare domain and continues, signed in, on the new subdomain; its code works only there', async () => {
      const signUp = async (subdomain: string) => {
        const details = { name: 'Nia New', email: `nia-${subdomain}@example.com`, password: 'correct horse', organizationName: 'New School', organizationSubdomain: subdomain };
        const res = await at('localhost').post('/api/auth/register', details).expect(201);
        const continueUrl = new URL(res.body.continueUrl as string);
        expect(`${continueUrl.origin}${continueUrl.pathname}`).toBe(`http://${subdomain}.localhost:4100/continue`);
        return { details, code: new URLSearchParams(continueUrl.hash.slice(1)).get('code')! };
      };
      const suffix = Date.now().toString(36);

      const { details, code } = await signUp(`newschool-${suffix}`);
      expect(code).toMatch(/^[A-Za-z0-9_-]{20,}$/);
      const session = await at(`newschool-${suffix}.localhost`).post('/api/auth/handoff', { code }).expect(200);
      const me = await at(`newschool-${suffix}.localhost`).get('/api/auth/user', session.body.token).expect(200);
      expect(me.body).toMatchObject({ user: { email: details.email, role: 'admin' }, organization: { subdomain: `newschool-${suffix}` } });

      // Another school's address refuses the code, which was meant for one address and is now spent.
      const astray = await signUp(`astray-${suffix}`);
      await school(stMarys).post('/api/auth/handoff', { code: astray.code }).expect(400);
      await at(`astray-${suffix}.localhost`).post('/api/auth/handoff', { code: astray.code }).expect(400);

      // Signing up on an IP address stays on it: no address to continue at.
      const single = await t.http().post('/api/auth/register').send({ ...details, organizationSubdomain: `ip-${suffix}` }).expect(201);
      expect(single.body.continueUrl).toBeUndefined();
    });
  });

  describe('links in emails', () => {
    it("point at the school's own address: verification, invitation, password reset, email change and calendar feeds", async () => {
      const verification = await smtp.waitFor((e) => e.to.includes(stMarys.email) && /Verify your email/.test(e.subject));
      expect(linkIn(verification, '/verify-email?token=').origin).toBe(schoolUrl(stMarys));

      const invitee = `ivy-${Date.now()}@stmarys.example`;
      await school(stMarys).post('/api/staff', { name: 'Ivy Invitee', email: invitee, invite: true }, stMarys.token).expect(201);
      const invitation = await smtp.waitFor((e) => e.to.includes(invitee) && /invited/.test(e.subject));
      expect(linkIn(invitation, '/reset-password?token=').origin).toBe(schoolUrl(stMarys));
      // Where to sign in later: the school's own address, with no subdomain to remember.
      expect(invitation.text).toContain(
        `To sign in later, go to ${schoolUrl(stMarys)}, St Mary's School's own address, and sign in with this email address and your password.`,
      );
      expect(invitation.text).not.toContain('organisation subdomain');

      await school(stMarys).post('/api/auth/forgot-password', { email: stMarys.email }).expect(200);
      const reset = await smtp.waitFor((e) => e.to.includes(stMarys.email) && /Reset your/.test(e.subject));
      expect(linkIn(reset, '/reset-password?token=').origin).toBe(schoolUrl(stMarys));

      const member = await memberWithRole(t, stMarys, 'staff', 'Eve Email');
      const newEmail = `eve-new-${Date.now()}@stmarys.example`;
      await t.http().put(`/api/staff/${member.staffId}`).set('Host', `${stMarys.subdomain}.localhost`).set(...bearer(stMarys.token)).send({ email: newEmail }).expect(200);
      const change = await smtp.waitFor((e) => e.to.includes(newEmail) && /Confirm your new/.test(e.subject));
      expect(linkIn(change, '/confirm-email?token=').origin).toBe(schoolUrl(stMarys));

      const feeds = await school(stMarys).post('/api/calendar/subscription', {}, stMarys.token).expect(201);
      expect(feeds.body.allDutiesUrl).toMatch(new RegExp(`^${schoolUrl(stMarys)}/api/calendar/subscribe/all-duties\\?token=`));
      expect(feeds.body.myDutiesWebcalUrl).toMatch(new RegExp(`^webcal://${stMarys.subdomain}\\.localhost:4100/api/calendar/subscribe/my-duties\\?token=`));
      // The feed opens on the school's address.
      const feed = new URL(feeds.body.allDutiesUrl as string);
      await school(stMarys).get(`${feed.pathname}${feed.search}`).expect(200);
    });

    it("duty reminders link to the school's own address", async () => {
      const email = `ann-${Date.now()}@stmarys.example`;
      const ann = await school(stMarys).post('/api/staff', { name: 'Ann Duty', email }, stMarys.token).expect(201);
      await school(stMarys).post('/api/rota', { date: '2025-09-09', slots: [ann.body.id] }, stMarys.token).expect(201);
      await school(stMarys).post('/api/test-email-reminders-date', { date: '2025-09-09' }, stMarys.token).expect(200);
      const reminder = await smtp.waitFor((e) => e.to.includes(email) && /Reminder/.test(e.subject));
      expect(reminder.text).toContain(`${schoolUrl(stMarys)}/my-rota`);
    });
  });

  describe('Find your school', () => {
    it('answers the same for any address, and emails an address with accounts the list of its organisations with their sign-in links', async () => {
      const person = `supply-${Date.now()}@teachers.example`;
      // One person in two schools (supply staff), deactivated in a third.
      for (const admin of [stMarys, hillside]) {
        await school(admin).post('/api/staff', { name: 'Sam Supply', email: person, invite: true }, admin.token).expect(201);
      }
      const third = await registerOrganization(t, { organizationName: 'Third Academy' });
      await school(third).post('/api/staff', { name: 'Sam Supply', email: person, invite: true }, third.token).expect(201);
      await t.http().put(`/api/staff/${await staffId(third, person)}`).set(...bearer(third.token)).send({ isActive: false }).expect(200);

      const nobody = `nobody-${Date.now()}@nowhere.example`;
      const none = await at('localhost').post('/api/auth/find-organizations', { email: nobody }).expect(200);
      const some = await at('localhost').post('/api/auth/find-organizations', { email: person.toUpperCase() }).expect(200);
      expect(some.body).toEqual({ message: FIND_ORGANIZATIONS_MESSAGE });
      expect(none.body).toEqual(some.body);
      expect(Object.keys(none.headers).sort()).toEqual(Object.keys(some.headers).sort());

      const list = await smtp.waitFor((e) => e.to.includes(person) && e.subject === 'Your Duty Manager sign-in addresses');
      expect(list.text).toContain(`- Hillside Primary: ${schoolUrl(hillside)}/login\n- St Mary's School: ${schoolUrl(stMarys)}/login`);
      expect(list.text).not.toContain('Third Academy');
      expect(list.html).toContain(`<a href="${schoolUrl(stMarys)}/login">`);
      // Nothing was sent to the address without accounts.
      await t.get(OutboxWorker).finishSending();
      expect(await sql('select count(*)::int as n from outbox_emails where "to" = ?', [nobody])).toEqual([{ n: 0 }]);
      expect(smtp.received.filter((e) => e.to.includes(nobody))).toEqual([]);
    });

    it('refuses an address that is not one, naming the field', async () => {
      const res = await at('localhost').post('/api/auth/find-organizations', { email: 'not an address' }).expect(400);
      expect(res.body.message).toBe('Invalid email format');
    });
  });

  async function staffId(admin: Account, email: string): Promise<string> {
    const list = (await t.http().get('/api/staff').set(...bearer(admin.token)).expect(200)).body as { id: string; email: string }[];
    return list.find((s) => s.email === email)!.id;
  }
});
