import {
  type BrowserContext,
  expect,
  newContext,
  type Page,
  type Response,
  test,
} from './support/test';
import { registerSchool, unique } from './support/school';
import { SERVER_NOW } from './support/session';
import { seeToast } from './support/toast';

interface Violation {
  url: string;
  via: 'event' | 'console';
  detail: string;
}

declare global {
  interface Window {
    cspViolations?: string[];
    reportCspViolation?: (detail: string) => void;
  }
}

/**
 * Records every CSP violation in `context`, two ways: the `securitypolicyviolation` event (kept
 * on `window.cspViolations` and reported to the test as it happens, so navigations lose nothing)
 * and Chromium's console messages about the Content Security Policy. Also records the
 * Content-Security-Policy header of every document the context loads.
 */
async function watchCsp(
  context: BrowserContext,
  violations: Violation[],
  documents: { url: string; csp: string | undefined }[],
): Promise<void> {
  await context.exposeBinding('reportCspViolation', ({ page }, detail: string) => {
    violations.push({ url: page.url(), via: 'event', detail });
  });
  await context.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      const detail = `${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'} at ${event.sourceFile}:${event.lineNumber} ${event.sample}`;
      window.cspViolations!.push(detail);
      window.reportCspViolation?.(detail);
    });
  });
  const watchPage = (page: Page) => {
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) {
        violations.push({ url: page.url(), via: 'console', detail: message.text() });
      }
    });
    page.on('response', (response: Response) => {
      if (response.request().resourceType() === 'document') {
        documents.push({ url: response.url(), csp: response.headers()['content-security-policy'] });
      }
    });
  };
  context.on('page', watchPage);
}

async function openPage(page: Page, path: string, heading: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
}

test('the app and Swagger UI run under the Content-Security-Policy without a single violation', async ({
  browser,
  request,
}) => {
  // An organisation with data on every screen: staff, duties, a holiday.
  const school = await registerSchool(request, {
    prefix: 'csp',
    adminName: 'Cass Admin',
    password: 'csp-admin-password',
  });
  const headers = { Authorization: `Bearer ${school.token}` };
  const post = async (url: string, data: object) => {
    const res = await request.post(url, { headers, data });
    expect(res.status(), `${url}: ${await res.text()}`).toBe(201);
    return (await res.json()) as { id: string };
  };
  const sam = await post('/api/staff', {
    name: 'Sam Strict',
    email: `sam-${school.id}@example.com`,
  });
  const pat = await post('/api/staff', {
    name: 'Pat Policy',
    email: `pat-${school.id}@example.com`,
  });
  await post('/api/rota', { date: '2025-09-09', dutyManager1Id: sam.id, dutyManager2Id: pat.id });
  await post('/api/rota', { date: '2025-09-11', dutyManager1Id: sam.id });
  await post('/api/holidays', {
    name: 'Policy Review Day',
    type: 'inset_day',
    startDate: '2025-10-20',
    endDate: '2025-10-20',
  });

  const violations: Violation[] = [];
  const documents: { url: string; csp: string | undefined }[] = [];
  const context = await newContext(browser);
  // Swagger UI gets a context of its own: its rendering is debounced on Date.now(), which the
  // app's pinned clock would stop.
  const docsContext = await newContext(browser);
  try {
    await watchCsp(context, violations, documents);
    await watchCsp(docsContext, violations, documents);
    const page = await context.newPage();
    await page.clock.setFixedTime(SERVER_NOW);

    // Landing page, signed out: the plan from the API.
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Duty Manager', level: 1 })).toBeVisible();
    await expect(page.getByText('£10')).toBeVisible();

    // Sign up a new school through the form, then sign out.
    const id = unique();
    const register = page.getByRole('tabpanel', { name: 'Start Free Trial' });
    await register.getByLabel('Your name').fill('Nia New');
    await register.getByLabel('Email').fill(`nia-${id}@example.com`);
    await register.getByLabel('Password').fill('nia-password');
    await register.getByLabel('Organization name').fill(`Nonce School ${id}`);
    await register.getByLabel('Organization subdomain').fill(`nonce-${id}`);
    await register.getByRole('button', { name: 'Start Free Trial' }).click();
    await seeToast(page, 'Welcome to Duty Manager!');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Logout' }).click();

    // Sign in as the admin of the school with data.
    await page.getByRole('tab', { name: 'Sign In' }).click();
    const signIn = page.getByRole('tabpanel', { name: 'Sign In' });
    await signIn.getByLabel('Email').fill(school.email);
    await signIn.getByLabel('Password').fill(school.password);
    await signIn.getByLabel('Organization subdomain').fill(school.subdomain);
    await signIn.getByRole('button', { name: 'Sign In' }).click();
    await seeToast(page, 'Welcome back!', 'You are signed in.');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

    // Dashboard: the month rota, and its assign dialog (a modal: antd adds styles as it opens).
    const month = page.getByRole('region', { name: 'Monthly Rota' });
    await expect(
      month.getByRole('button', { name: 'Duty Manager 1, Tue 9 Sep 2025: Sam Strict' }),
    ).toBeVisible();
    await month
      .getByRole('button', { name: 'Duty Manager 2, Thu 11 Sep 2025: Click to assign' })
      .click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // My Rota, with the .ics export (a blob: download made in the browser).
    await openPage(page, '/my-rota', 'My Rota');
    const staffSelect = page.getByRole('combobox', { name: 'Staff member' });
    await staffSelect.fill('Sam Strict');
    await staffSelect.press('Enter');
    const assignments = page.getByRole('region', { name: 'Duty Assignments' });
    await expect(assignments.getByText('2 duty days')).toBeVisible();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      assignments.getByRole('button', { name: 'Export to Calendar' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('duty-rota-Sam Strict.ics');

    await openPage(page, '/rota', 'Weekly Rota');
    await expect(page.getByText('Sam Strict').first()).toBeVisible();

    // Admin panel (staff and settings), with the Add Staff Member dialog.
    await openPage(page, '/staff', 'Admin Panel');
    const staffSection = page.getByRole('region', { name: 'Staff Management' });
    await expect(staffSection.getByRole('row', { name: /Pat Policy/ })).toBeVisible();
    await staffSection.getByRole('button', { name: 'Add Staff Member' }).click();
    const addStaff = page.getByRole('dialog', { name: 'Add Staff Member' });
    await expect(addStaff).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(addStaff).toBeHidden();

    // Holidays, with a date picker opened.
    await openPage(page, '/holidays', 'Holiday Management');
    await expect(
      page.getByRole('region', { name: 'Upcoming Holidays' }).getByText('Policy Review Day'),
    ).toBeVisible();
    await page.getByRole('region', { name: 'Add New Holiday' }).getByLabel('Start Date').click();
    await expect(page.locator('.ant-picker-dropdown:visible')).toBeVisible();
    await page.keyboard.press('Escape');

    await openPage(page, '/swaps', 'Swap Requests');
    await openPage(page, '/cancel-requests', 'Cancel Requests');
    await openPage(page, '/statistics', 'Statistics');
    await openPage(page, '/instructions', 'Instructions');
    await openPage(page, '/activity', 'Activity');
    await openPage(page, '/help', 'Help');

    // Swagger UI, including a request made from it.
    const docs = await docsContext.newPage();
    await docs.goto('/api/docs');
    await expect(docs.getByRole('heading', { name: /Duty Manager API/ })).toBeVisible();
    const plan = docs.locator('#operations-tenants-getPlan');
    await plan.locator('.opblock-summary-control').click();
    await plan.getByRole('button', { name: 'Try it out' }).click();
    await plan.getByRole('button', { name: 'Execute' }).click();
    const live = plan.locator('.live-responses-table tbody tr').first();
    await expect(live.locator('.response-col_status')).toContainText('200');
    await expect(live.locator('.response-col_description')).toContainText('Professional');

    expect(violations).toEqual([]);
    expect(await page.evaluate(() => window.cspViolations)).toEqual([]);
    expect(await docs.evaluate(() => window.cspViolations)).toEqual([]);

    // Every document came with the policy; the walk covered the app and Swagger UI.
    const paths = documents.map((d) => new URL(d.url).pathname.replace(/(.)\/$/, '$1'));
    expect(paths).toEqual(
      expect.arrayContaining(['/', '/my-rota', '/rota', '/staff', '/holidays', '/api/docs']),
    );
    for (const { url, csp } of documents) {
      expect({ url, csp }).toEqual({
        url,
        csp: expect.stringMatching(/(^|;)\s*script-src 'self'\s*(;|$)/),
      });
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
    }

    // The watch itself works: an inline script, which the policy forbids, is reported both ways.
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.inlineScriptRan = true;';
      document.body.append(script);
    });
    await expect.poll(() => violations.map((v) => v.via).sort()).toEqual(['console', 'event']);
    expect(violations[0]!.detail).toMatch(/script-src/);
    expect(
      await page.evaluate(() => (window as { inlineScriptRan?: boolean }).inlineScriptRan),
    ).toBe(undefined);
  } finally {
    await docsContext.close();
    await context.close();
  }
});
