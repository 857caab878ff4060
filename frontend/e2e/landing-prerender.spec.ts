import { registerSchool } from './support/school';
import { signedIn } from './support/session';
import { expect, type Page, test } from './support/test';

/**
 * The landing page is rendered into `/`'s HTML at build time (frontend/scripts/prerender.mjs,
 * docs/performance.md): readable before, and without, any JavaScript; hydrated in place by the
 * app; and never seen where the app shows something else at `/`.
 */
const port = process.env.E2E_PORT;
const schoolAddress = (subdomain: string) => `http://${subdomain}.localhost:${port}`;
/** The entry chunk: held back, the page shows what its HTML alone paints. */
const ENTRY_CHUNK = /\/assets\/index-[^/]*\.js$/;

async function expectLandingContent(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: 'Duty Manager' })).toBeVisible();
  await expect(page.getByText('A fair rota for every weekday, filled in one click')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Features' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'Live calendar feed' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Pricing' })).toBeVisible();
  await expect(page.getByText('£10')).toBeVisible();
  await expect(page.getByText('30-day free trial')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start your free trial' })).toBeVisible();
}

/** Holds every request for the entry chunk until the returned function is called. */
async function holdEntryChunk(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(ENTRY_CHUNK, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test("without JavaScript, / shows the hero, the features and the pricing; other pages don't", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto('/');
    await expectLandingContent(page);

    for (const path of ['/dashboard', '/login', '/continue', '/duties']) {
      await page.goto(path);
      // The shell's HTML: the frame it carries for a signed-in page stays hidden (its boot script
      // shows it, for a stored session only).
      await expect(page.locator('#root')).toBeHidden();
      await expect(page.getByRole('heading', { name: 'Features' })).toHaveCount(0);
    }
  } finally {
    await context.close();
  }
});

test('the app hydrates the prerendered landing page in place, without an error, then adds the forms', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    // The browser's own request for /favicon.ico (the app has none) is not the page's error.
    if (message.type() === 'error' && !message.location().url.endsWith('/favicon.ico'))
      errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  // Records whether the prerendered hero is ever taken out of the page (a re-render from
  // scratch would replace it: a flash, and work thrown away).
  await page.addInitScript(() => {
    const w = window as { heroRemoved?: boolean };
    w.heroRemoved = false;
    new MutationObserver((mutations) => {
      for (const mutation of mutations)
        for (const node of Array.from(mutation.removedNodes))
          if (
            node instanceof Element &&
            (node.id === 'landing-title' || node.querySelector('#landing-title'))
          )
            w.heroRemoved = true;
    }).observe(document, { childList: true, subtree: true });
  });

  const release = await holdEntryChunk(page);
  await page.goto('/', { waitUntil: 'commit' });
  // Before the app's code: the page as built, the forms' place held.
  await expectLandingContent(page);
  await expect(page.locator('.landing__forms-placeholder')).toBeVisible();
  release();

  await expect(page.getByRole('tab', { name: 'Start Free Trial' })).toBeVisible();
  // Hydrated: the page's own buttons work.
  await page.getByRole('button', { name: 'Start your free trial' }).click();
  await expect(page.locator('#get-started')).toBeFocused();
  await expectLandingContent(page);
  expect(await page.evaluate(() => (window as { heroRemoved?: boolean }).heroRemoved)).toBe(false);
  expect(errors).toEqual([]);
});

test('a signed-in visitor at / never sees the prerendered landing page, only the dashboard', async ({
  browser,
  request,
}) => {
  const school = await registerSchool(request, {
    prefix: 'prerender',
    adminName: 'Pat Prerender',
    password: 'prerender-password',
  });
  const page = await signedIn(browser, school.token);
  try {
    const release = await holdEntryChunk(page);
    await page.goto('/', { waitUntil: 'commit' });
    await expect(page.locator('#landing-title')).toBeAttached();
    await expect(page.locator('#landing-title')).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Features' })).toBeHidden();
    release();

    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect(page.locator('#landing-title')).toHaveCount(0);
  } finally {
    await page.context().close();
  }
});

test("signed in at /, the frame's header paints from the HTML, and the shell's and the Dashboard's code are fetched beside the entry", async ({
  browser,
  request,
}) => {
  const school = await registerSchool(request, {
    prefix: 'prerender-preload',
    adminName: 'Pat Preload',
    password: 'prerender-password',
  });
  const page = await signedIn(browser, school.token);
  try {
    const requested: string[] = [];
    page.on('request', (req) => requested.push(new URL(req.url()).pathname));
    // No app code runs while the entry is held: whatever is fetched meanwhile is the boot
    // script's doing, before anyone knows who is signed in.
    const release = await holdEntryChunk(page);
    await page.goto('/', { waitUntil: 'commit' });
    await expect(
      page.getByRole('banner').getByRole('link', { name: 'Duty Manager' }),
    ).toBeVisible();
    await expect(page.locator('#landing-title')).toBeHidden();
    await expect
      .poll(() =>
        ['app-shell', 'dashboard-page'].filter((name) =>
          requested.some((path) => path.startsWith(`/assets/${name}-`)),
        ),
      )
      .toEqual(['app-shell', 'dashboard-page']);
    expect(requested).not.toContain('/api/auth/user');
    release();

    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Get started' })).toBeVisible();
  } finally {
    await page.context().close();
  }
});

test("a school's own address shows its sign-in at /, never the prerendered sales pitch", async ({
  page,
  request,
}) => {
  const school = await registerSchool(request, {
    prefix: 'prerender-school',
    adminName: 'Sam School',
    password: 'prerender-password',
  });
  const release = await holdEntryChunk(page);
  await page.goto(`${schoolAddress(school.subdomain)}/`, { waitUntil: 'commit' });
  await expect(page.locator('#landing-title')).toBeAttached();
  await expect(page.getByRole('heading', { name: 'Pricing' })).toBeHidden();
  release();

  await expect(page.getByRole('heading', { level: 2, name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Features' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Pricing' })).toHaveCount(0);
});

test("the app's code is not in the landing page's head: it is requested once the page is parsed and painted", async ({
  page,
  request,
}) => {
  // Nothing in the HTML makes the browser fetch the app's modules while it parses the page…
  const html = await (await request.get('/')).text();
  expect(html).not.toContain('type="module"');
  expect(html).not.toContain('modulepreload');

  // …the boot script asks for them after the first frame, and the page still hydrates.
  const requested: string[] = [];
  page.on('request', (req) => requested.push(new URL(req.url()).pathname));
  await page.goto('/');
  await expect(page.getByRole('tab', { name: 'Start Free Trial' })).toBeVisible();
  // Signed out, nothing of the signed-in app's: its shell and Dashboard are fetched only with a session.
  expect(requested.filter((path) => /^\/assets\/(app-shell|dashboard-page)-/.test(path))).toEqual(
    [],
  );
  const timing = await page.evaluate(() => {
    const [navigation] = performance.getEntriesByType(
      'navigation',
    ) as PerformanceNavigationTiming[];
    const entry = performance
      .getEntriesByType('resource')
      .find((resource) => /\/assets\/index-[^/]*\.js$/.test(resource.name));
    return { parsed: navigation?.domContentLoadedEventEnd, requested: entry?.startTime };
  });
  expect(timing.requested).toBeGreaterThanOrEqual(timing.parsed ?? Infinity);
});

test("the landing page brings its styles: no stylesheet is fetched, and antd's map of them stays", async ({
  page,
}) => {
  const stylesheets: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'stylesheet') stylesheets.push(new URL(req.url()).pathname);
  });
  await page.goto('/');
  await expect(page.getByLabel('Organization subdomain')).toBeVisible();
  // The entry's stylesheet is inline (with a link of another type, for Vite's loader): fetched
  // again, it restyled the whole page while it loaded.
  expect(stylesheets).toEqual([]);
  // antd reads the extracted styles as a CSS file's: their map stays where it is. Marked as
  // inline styles' map, it was removed by antd's first render, which restyled the whole page.
  const mapStyles = await page.evaluate(
    () =>
      [...document.querySelectorAll('style')].filter((style) =>
        style.textContent?.includes('.data-ant-cssinjs-cache-path{'),
      ).length,
  );
  expect(mapStyles).toBe(1);
});

test("signed in at /duties, the frame and the page's heading paint from the shell's HTML, and antd's styles come from its stylesheet", async ({
  browser,
  request,
}) => {
  const school = await registerSchool(request, {
    prefix: 'prerender-shell',
    adminName: 'Pat Shell',
    password: 'prerender-password',
  });
  const page = await signedIn(browser, school.token);
  try {
    const stylesheets: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'stylesheet') stylesheets.push(new URL(req.url()).pathname);
    });
    // The boot script asks for the entry after antd's stylesheets (added a few per task).
    const entryAsked = page.waitForRequest(ENTRY_CHUNK);
    const release = await holdEntryChunk(page);
    await page.goto('/duties', { waitUntil: 'commit' });
    // Before any of the app's code has run: the frame, the Duties page's heading and the line
    // under it (hidden from assistive technology, like the skeleton they are part of), and no
    // other page's.
    await expect(
      page.getByRole('banner').getByRole('link', { name: 'Duty Manager' }),
    ).toBeVisible();
    const main = page.locator('#main-content');
    await expect(
      main.getByText('The duties your school runs, in the order the rota shows them.'),
    ).toBeVisible();
    await expect(main.getByText('Today', { exact: true })).toBeHidden();
    await expect(main.getByRole('status', { name: 'Loading Duties' })).toBeVisible();
    // antd's stylesheets, every piece of them, asked for by the boot script.
    await entryAsked;
    const pieces = await page.locator('link[data-antd-styles]').count();
    expect(pieces).toBeGreaterThan(0);
    await expect
      .poll(() => stylesheets.filter((path) => /^\/assets\/antd-[^/]+\.css$/.test(path)))
      .toHaveLength(pieces);
    release();

    await expect(page.getByRole('heading', { level: 1, name: 'Duties' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add Duty' })).toBeVisible();
    await expect(page.getByRole('status', { name: 'Loading Duties' })).toHaveCount(0);
    // The primary button's styles were read from the stylesheet, not made by antd in the page.
    const made = await page.evaluate(
      () =>
        [...document.querySelectorAll('style')].filter((style) =>
          style.textContent?.includes('.ant-btn-primary'),
        ).length,
    );
    expect(made).toBe(0);
  } finally {
    await page.context().close();
  }
});
