import { expect, test } from './support/test';
import { expectAccessible } from './support/axe';
import { registerSchool } from './support/school';

test.describe('a visitor on the landing page', () => {
  test('sees the Professional plan served by the API', async ({ page, request }) => {
    // The landing page is rendered at build time with the API's plan in it (no request for it
    // from the browser); the price shown is the one GET /api/plan answers.
    const plan = await request.get('/api/plan');
    expect(plan.status()).toBe(200);
    const { pricePerMonth } = (await plan.json()) as { pricePerMonth: number };
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Duty Manager', level: 1 })).toBeVisible();
    await expect(page.getByText(`£${pricePerMonth}`)).toBeVisible();
    await expect(page.getByText('30-day free trial')).toBeVisible();
    await expect(page.getByText('No credit card required')).toBeVisible();
    await expect(page.getByText('Automated duty assignment')).toBeVisible();
    await expectAccessible(page, 'landing page');
  });

  test('once signed in, gets the not-found screen on an unknown path, also after a reload', async ({
    page,
    request,
  }) => {
    const { token } = await registerSchool(request, {
      prefix: 'notfound',
      emailPrefix: 'nora',
      adminName: 'Nora Notfound',
      password: 'some-password',
      organizationName: 'Notfound School',
    });
    await page.addInitScript((value) => window.localStorage.setItem('authToken', value), token);
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await expectAccessible(page, '404 page');
  });
});

test('the API answers JSON errors, not the app shell, on unknown API paths', async ({
  request,
}) => {
  const res = await request.get('/api/no-such-thing');
  expect(res.status()).toBe(404);
  expect(await res.json()).toEqual({
    statusCode: 404,
    message: 'Cannot GET /api/no-such-thing',
    error: 'Not Found',
  });
});
