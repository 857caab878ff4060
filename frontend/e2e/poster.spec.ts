import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';

import { expect, test } from './support/test';
import { registerSchool, TERMS_2025_26 } from './support/school';
import { apiCaller, signedIn } from './support/session';

// The server runs with APP_NOW=2025-09-08T09:00 (e2e/support/serve.mjs): Monday 8 September 2025,
// in the autumn term's first half (3 September to 24 October).

// The decoder's WebAssembly from node_modules, not from its default CDN: the test runs offline.
const require = createRequire(import.meta.url);
prepareZXingModule({
  overrides: {
    wasmBinary: new Uint8Array(readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm')))
      .buffer,
  },
});

test('the poster prints with its QR code, which decodes to the rota’s address', async ({
  browser,
  request,
}) => {
  const school = await registerSchool(request, {
    prefix: 'poster',
    adminName: 'Pia Admin',
    password: 'poster-password',
  });
  const api = apiCaller(request, school.token);
  await api('put', '/api/term-dates/2025', { terms: TERMS_2025_26 });
  const ann = (await api('post', '/api/staff', {
    name: 'Ann Lee',
    email: `ann-${school.id}@example.com`,
  })) as { id: string };
  const { duty: lunch } = (await api('post', '/api/duties', {
    name: 'Lunch',
    place: 'Canteen',
    startTime: '12:30',
    endTime: '13:10',
    weekdays: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, people: 1 })),
  })) as { duty: { id: string } };
  await api('post', '/api/rota', { date: '2025-09-09', dutyId: lunch.id, slots: [ann.id] });

  const page = await signedIn(browser, school.token);
  const cspViolations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });
  try {
    // From the Duties page: the lunch duty has a place, so it has a poster.
    await page.goto('/duties');
    const row = page
      .getByRole('region', { name: 'Your duties' })
      .getByRole('listitem', { name: 'Lunch — Canteen' });
    await row.getByRole('link', { name: 'Poster of Lunch — Canteen' }).click();
    await expect(page).toHaveURL(new RegExp(`/rota/poster\\?duty=${lunch.id}$`));

    const poster = page.getByRole('article', { name: 'Lunch' });
    await expect(poster.getByRole('heading', { level: 1, name: 'Lunch' })).toBeVisible();
    await expect(poster.getByText('Canteen', { exact: true })).toBeVisible();
    await expect(poster.getByText('12:30–13:10', { exact: true })).toBeVisible();
    await expect(poster.getByRole('heading', { level: 2 })).toHaveText(
      'Autumn term, first half Wed 3 Sep 2025 – Fri 24 Oct 2025',
    );
    // Ann is on it on Tuesday 9 September: the week of 8 Sep, the Tuesday column.
    const table = poster.getByRole('table', {
      name: 'Who is on Lunch — Canteen, Autumn term, first half',
    });
    const week = table
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: '8 Sep' }) });
    await expect(week.getByRole('cell').nth(1)).toHaveText('Ann Lee');
    await expect(poster).toContainText(`${school.organizationName} · Printed 8 September 2025`);
    await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
    await expect(page.locator('.app-shell__header')).toBeVisible();

    // On paper: the poster without the app's header, navigation or the Print button.
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
    await expect(page.locator('.app-shell__header')).toBeHidden();
    const qr = poster.getByRole('img', { name: 'QR code: the live rota of Lunch — Canteen' });
    await expect(qr).toBeVisible();
    const png = await qr.screenshot();
    const [code, ...others] = await readBarcodes(new Uint8Array(png), { formats: ['QRCode'] });
    expect(others).toHaveLength(0);
    expect(code?.isValid).toBe(true);
    const address = new URL(`/rota?duty=${lunch.id}`, page.url()).toString();
    expect(code?.text).toBe(address);

    // One A4 sheet.
    const pdf = (await page.pdf({ preferCSSPageSize: true })).toString('latin1');
    expect(pdf.match(/\/Type\s*\/Page(?![a-zA-Z])/g)).toHaveLength(1);

    // The address it leads to is the live rota of that duty.
    await page.emulateMedia({ media: 'screen' });
    await page.goto(address);
    await expect(
      page.getByRole('radiogroup', { name: 'Duties shown' }).getByRole('radio', {
        name: 'Lunch — Canteen',
      }),
    ).toBeChecked();
    await expect(
      page.getByRole('button', { name: 'Lunch — Canteen 1, Tue 9 Sep 2025: Ann Lee' }),
    ).toBeVisible();
    expect(cspViolations).toEqual([]);
  } finally {
    await page.context().close();
  }
});
