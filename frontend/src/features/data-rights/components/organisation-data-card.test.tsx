import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { currentUser } from '@/testing/fixtures';
import { fill, renderWithProviders, sentBodies, setupUser, stubFetch } from '@/testing/test-utils';

import { OrganisationDataCard } from './organisation-data-card';

const STATUS = 'GET /api/organization-import';
const EXPORT = 'POST /api/organization-export';
const IMPORT = 'POST /api/organization-import';

function card() {
  return screen.getByRole('region', { name: 'Organisation data' });
}

/** jsdom has no URL.createObjectURL and cannot follow a download link: the downloads are kept instead. */
function catchDownloads(): string[] {
  const names: string[] = [];
  Object.defineProperty(URL, 'createObjectURL', {
    configurable: true,
    value: () => 'blob:http://localhost/1',
  });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: vi.fn() });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    names.push(this.download);
  });
  return names;
}

describe('Admin Panel: organisation data', () => {
  let user: UserEvent;

  beforeEach(() => {
    user = setupUser();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    delete (URL as { createObjectURL?: unknown }).createObjectURL;
    delete (URL as { revokeObjectURL?: unknown }).revokeObjectURL;
  });

  it('exports everything after the admin confirms with their password and code, and saves the ZIP', async () => {
    const downloads = catchDownloads();
    const fetchMock = stubFetch({
      'GET /api/auth/user': { body: currentUser({ user: { twoFactorEnabled: true } }) },
      [STATUS]: { body: { canImport: false } },
      [EXPORT]: { body: 'PK…' },
    });
    renderWithProviders(<OrganisationDataCard />);

    const form = within(card()).getByRole('form', { name: 'Export all data' });
    await fill(user, within(form).getByLabelText('Your password'), 'my own password');
    await fill(user, await within(form).findByLabelText('Authentication code'), '123456');
    await user.click(within(form).getByRole('button', { name: 'Export all data' }));

    expect(await screen.findByText('Saved as organisation-export.zip')).toBeInTheDocument();
    expect(sentBodies(fetchMock, EXPORT)).toEqual([
      { password: 'my own password', code: '123456' },
    ]);
    expect(downloads).toEqual(['organisation-export.zip']);
  });

  it('asks for the password before exporting, and shows a refusal', async () => {
    const fetchMock = stubFetch({
      'GET /api/auth/user': { body: currentUser() },
      [STATUS]: { body: { canImport: false } },
      [EXPORT]: {
        status: 403,
        body: {
          statusCode: 403,
          error: 'Forbidden',
          code: 'password_incorrect',
          message: 'That password is not right.',
        },
      },
    });
    renderWithProviders(<OrganisationDataCard />);
    const form = within(card()).getByRole('form', { name: 'Export all data' });
    await user.click(within(form).getByRole('button', { name: 'Export all data' }));
    expect(await within(form).findByText('Password is required')).toBeInTheDocument();
    expect(sentBodies(fetchMock, EXPORT)).toEqual([]);

    await fill(user, within(form).getByLabelText('Your password'), 'wrong');
    await user.click(within(form).getByRole('button', { name: 'Export all data' }));
    expect(await screen.findByText('That password is not right.')).toBeInTheDocument();
    expect(within(form).getByLabelText('Your password')).toHaveValue('');
  });

  it('offers the import only while the organisation is new', async () => {
    stubFetch({
      'GET /api/auth/user': { body: currentUser() },
      [STATUS]: { body: { canImport: false } },
    });
    renderWithProviders(<OrganisationDataCard />);
    expect(
      await within(card()).findByText(/can be imported only into a new organisation/),
    ).toBeInTheDocument();
    expect(
      within(card()).queryByRole('form', { name: 'Import an export' }),
    ).not.toBeInTheDocument();
  });

  it('uploads the archive with the password, shows the server’s reason when it is refused, then what was imported', async () => {
    const fetchMock = stubFetch({
      'GET /api/auth/user': { body: currentUser() },
      [STATUS]: { body: { canImport: true } },
      [IMPORT]: [
        {
          status: 422,
          body: {
            statusCode: 422,
            error: 'Unprocessable Entity',
            message: 'organization.json, table "staff", row 3 (id 1): column "email" must be text.',
          },
        },
        {
          body: {
            tables: [{ table: 'staff', rows: 40 }],
            accountsWithoutPassword: 39,
            message:
              'Imported the organisation’s data. The 39 other accounts have no password here.',
          },
        },
      ],
    });
    renderWithProviders(<OrganisationDataCard />);
    const form = await within(card()).findByRole('form', { name: 'Import an export' });

    await fill(user, within(form).getByLabelText('Your password'), 'my own password');
    await user.click(within(form).getByRole('button', { name: 'Import' }));
    expect(
      await within(form).findByText('Choose the .zip file that "Export all data" downloaded.'),
    ).toBeInTheDocument();

    const archive = new File(['PK'], 'export.zip', { type: 'application/zip' });
    await user.upload(form.querySelector('input[type="file"]')!, archive);
    expect(within(form).getByText('export.zip')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Import' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('column "email" must be text');

    await user.click(within(form).getByRole('button', { name: 'Import' }));
    expect(
      await within(card()).findByText(/The 39 other accounts have no password here/),
    ).toBeInTheDocument();
    const sent = fetchMock.mock.calls
      .filter(([, init]) => init?.method === 'POST')
      .map(([, init]) => init?.body as FormData);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.get('password')).toBe('my own password');
    expect((sent[1]!.get('file') as File).name).toBe('export.zip');
  }, 40_000);

  it('shows an error with a retry when it cannot tell whether the organisation can import', async () => {
    stubFetch({
      'GET /api/auth/user': { body: currentUser() },
      [STATUS]: {
        status: 500,
        body: { statusCode: 500, error: 'Internal Server Error', message: 'Boom' },
      },
    });
    renderWithProviders(<OrganisationDataCard />);
    expect(
      await within(card()).findByText(
        'Failed to load whether this organisation can import an export',
      ),
    ).toBeInTheDocument();
    expect(within(card()).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
