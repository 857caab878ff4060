import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { AccessContext, accessFor } from '@/shared/auth/access';
import { callCount, renderWithProviders, setupUser, stubFetch } from '@/testing/test-utils';

import type { ImportPreviewDto } from '../api';
import { importResultMessage } from './staff-import-dialog';
import { StaffManagement } from './staff-management';

const preview: ImportPreviewDto = {
  rows: [
    {
      line: 2,
      name: 'Ann Lee',
      email: 'ann.lee@hillside.example',
      department: 'Science',
      isTeaching: true,
      errors: [],
      workingDays: [1, 2, 3, 4, 5],
      fte: null,
    },
    {
      line: 3,
      name: '',
      email: 'nobody@',
      department: null,
      isTeaching: true,
      errors: ['Name is required', '"nobody@" is not a valid email address'],
      workingDays: [1, 2, 3, 4, 5],
      fte: null,
    },
    {
      line: 4,
      name: 'Bob Stone',
      email: 'bob.stone@hillside.example',
      department: null,
      isTeaching: false,
      errors: [],
      workingDays: [1, 2, 3],
      fte: 0.5,
    },
  ],
  validCount: 2,
  errorCount: 1,
};

const CSV = 'name,email,department,teaching\nAnn Lee,ann.lee@hillside.example,Science,yes\n';

function csvFile(name = 'staff.csv', content = CSV, type = 'text/csv') {
  return new File([content], name, { type });
}

type FetchMock = ReturnType<typeof stubFetch>;

/** The file sent as the multipart field `file` to `path`, for each call. */
function sentFiles(fetchMock: FetchMock, path: string): File[] {
  return fetchMock.mock.calls
    .filter(([input, init]) => String(input).endsWith(path) && init?.method === 'POST')
    .map(([, init]) => {
      const body = init?.body;
      if (!(body instanceof FormData)) throw new Error(`${path} was not sent as form data`);
      return body.get('file') as File;
    });
}

async function openImport(user: UserEvent) {
  await user.click(await screen.findByRole('button', { name: 'Import CSV' }));
  return screen.findByRole('dialog', { name: 'Import staff from CSV' });
}

function fileInput(dialog: HTMLElement): HTMLInputElement {
  const input = dialog.querySelector('input[type="file"]');
  if (!(input instanceof HTMLInputElement)) throw new Error('no file input');
  return input;
}

function renderStaff() {
  return renderWithProviders(
    <AccessContext value={accessFor('admin')}>
      <StaffManagement />
    </AccessContext>,
    '/staff',
  );
}

describe('CSV import', () => {
  let user: UserEvent;

  beforeEach(() => {
    user = setupUser();
  });

  it('explains the columns the file needs, with focus on choosing one', async () => {
    stubFetch({ 'GET /api/staff': { body: [] } });
    renderStaff();

    const dialog = await openImport(user);

    await waitFor(() =>
      expect(
        within(dialog).getByRole('button', { name: 'Choose a CSV file or drag it here' }),
      ).toHaveFocus(),
    );
    expect(within(dialog).getByText(/name,email,department,teaching/)).toBeInTheDocument();
    expect(fileInput(dialog)).toHaveAttribute('accept', '.csv,text/csv');
  });

  it('previews every row with its errors before importing anything', async () => {
    const fetchMock = stubFetch({
      'GET /api/staff': { body: [] },
      'POST /api/staff/import/preview': { status: 201, body: preview },
    });
    renderStaff();
    const dialog = await openImport(user);

    await user.upload(fileInput(dialog), csvFile());

    expect(await within(dialog).findByText('2 ready to import, 1 with errors')).toBeInTheDocument();
    const [sent] = sentFiles(fetchMock, '/api/staff/import/preview');
    expect(sent?.name).toBe('staff.csv');
    expect(sent?.size).toBe(new Blob([CSV]).size);

    const table = within(dialog).getByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    // The row to fix comes first, its problems in red.
    expect(within(rows[0] as HTMLElement).getByText('nobody@')).toBeInTheDocument();
    const problem = within(rows[0] as HTMLElement).getByText('Name is required');
    expect(problem.closest('.ant-typography')).toHaveClass('ant-typography-danger');
    expect(
      within(rows[0] as HTMLElement).getByText('"nobody@" is not a valid email address'),
    ).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('Ann Lee')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('Ready')).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByText('Non-Teaching')).toBeInTheDocument();
    // The working pattern columns: the days, and the FTE (a blank one as working days ÷ 5).
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(expect.arrayContaining(['Working days', 'FTE']));
    expect(within(rows[1] as HTMLElement).getByText('Mon–Fri')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('1')).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByText('Mon–Wed')).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByText('0.5')).toBeInTheDocument();

    expect(callCount(fetchMock, 'POST /api/staff/import')).toBe(0);
    expect(within(dialog).getByRole('button', { name: 'Import 2 staff' })).toBeEnabled();
  });

  it('imports the valid rows on confirmation and reports the result', async () => {
    const fetchMock = stubFetch({
      'GET /api/staff': { body: [] },
      'POST /api/staff/import/preview': { status: 201, body: preview },
      'POST /api/staff/import': { status: 201, body: { imported: 2, skipped: 1 } },
    });
    renderStaff();
    const dialog = await openImport(user);
    await user.upload(fileInput(dialog), csvFile());

    await user.click(await within(dialog).findByRole('button', { name: 'Import 2 staff' }));

    expect(await screen.findByText('Imported 2 staff members (1 row skipped)')).toBeInTheDocument();
    expect(sentFiles(fetchMock, '/api/staff/import').map((file) => file.name)).toEqual([
      'staff.csv',
    ]);
    await waitFor(() =>
      expect(
        screen.queryByRole('dialog', { name: 'Import staff from CSV' }),
      ).not.toBeInTheDocument(),
    );
    await waitFor(() => expect(callCount(fetchMock, 'GET /api/staff')).toBe(2));
  });

  it('cannot import a file with no valid rows', async () => {
    stubFetch({
      'GET /api/staff': { body: [] },
      'POST /api/staff/import/preview': {
        status: 201,
        body: { rows: preview.rows.slice(1, 2), validCount: 0, errorCount: 1 },
      },
    });
    renderStaff();
    const dialog = await openImport(user);

    await user.upload(fileInput(dialog), csvFile());

    expect(await within(dialog).findByRole('button', { name: 'Import 0 staff' })).toBeDisabled();
  });

  it("shows the server's reason when it cannot read the file", async () => {
    const message =
      'The CSV needs a header row with at least the columns name and email (and optionally department and teaching).';
    stubFetch({
      'GET /api/staff': { body: [] },
      'POST /api/staff/import/preview': {
        status: 400,
        body: { statusCode: 400, message, error: 'Bad Request' },
      },
    });
    renderStaff();
    const dialog = await openImport(user);

    await user.upload(fileInput(dialog), csvFile());

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(message)).toBeInTheDocument();
    expect(within(dialog).queryByRole('table')).not.toBeInTheDocument();
  });

  it('refuses a file that is not a CSV without sending it', async () => {
    user = setupUser({ applyAccept: false });
    const fetchMock = stubFetch({ 'GET /api/staff': { body: [] } });
    renderStaff();
    const dialog = await openImport(user);

    await user.upload(fileInput(dialog), csvFile('staff.xlsx', 'PK', 'application/zip'));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The file must be a .csv file')).toBeInTheDocument();
    expect(callCount(fetchMock, 'POST /api/staff/import/preview')).toBe(0);
  });
});

describe('importResultMessage', () => {
  it.each([
    [3, 0, 'Imported 3 staff members'],
    [1, 0, 'Imported 1 staff member'],
    [2, 1, 'Imported 2 staff members (1 row skipped)'],
    [0, 4, 'Imported 0 staff members (4 rows skipped)'],
  ])('reads %i imported, %i skipped as "%s"', (imported, skipped, text) => {
    expect(importResultMessage(imported, skipped)).toBe(text);
  });
});
