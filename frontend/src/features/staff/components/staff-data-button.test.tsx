import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { AccessContext, accessFor } from '@/shared/auth/access';
import { catchDownloads, serveFile, type Download } from '@/testing/downloads';
import { renderWithProviders, setupUser, storeToken, stubFetch } from '@/testing/test-utils';

import type { StaffDto } from '../api';
import { StaffManagement } from './staff-management';

const cat: StaffDto = {
  id: 's-3',
  name: 'Cat Rowe',
  email: 'cat.rowe@hillside.example',
  department: 'English',
  isActive: false,
  isTeaching: true,
  userId: null,
  role: null,
  inviteStatus: 'not_invited',
  workingDays: [1, 2, 3, 4, 5],
  fte: null,
  weeklyCap: null,
  avoidDays: [],
};

function renderStaff(role: string) {
  return renderWithProviders(
    <AccessContext value={accessFor(role)}>
      <StaffManagement />
    </AccessContext>,
    '/staff',
  );
}

async function rowOf(name: string): Promise<HTMLElement> {
  const row = (await screen.findByRole('cell', { name })).closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return row;
}

describe('Staff Management: Download their data', () => {
  let user: UserEvent;
  let downloads: Download[];
  let restore: () => void;

  beforeEach(() => {
    user = setupUser();
    storeToken('good-token');
    ({ downloads, restore } = catchDownloads());
  });
  afterEach(() => restore());

  it.each([
    ['Data file (JSON)', '/api/staff/s-3/data', 'application/json', 'my-data-2026-11-02.json'],
    [
      'Readable summary (HTML)',
      '/api/staff/s-3/data/summary',
      'text/html',
      'my-data-2026-11-02.html',
    ],
  ])('an admin downloads a leaver’s data: %s', async (item, path, contentType, fileName) => {
    const fetchMock = stubFetch({ 'GET /api/staff': { body: [cat] } });
    serveFile(fetchMock, path, { body: 'data', contentType, fileName });
    renderStaff('admin');

    await user.click(
      within(await rowOf('Cat Rowe')).getByRole('button', {
        name: 'Download the data held about Cat Rowe',
      }),
    );
    await user.click(await screen.findByRole('menuitem', { name: item }));

    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]!.fileName).toBe(fileName);
  });

  it('tells the admin when the server refuses', async () => {
    stubFetch({
      'GET /api/staff': { body: [cat] },
      'GET /api/staff/s-3/data': { status: 404, body: { message: 'Staff member not found' } },
    });
    renderStaff('admin');

    await user.click(
      within(await rowOf('Cat Rowe')).getByRole('button', {
        name: 'Download the data held about Cat Rowe',
      }),
    );
    await user.click(await screen.findByRole('menuitem', { name: 'Data file (JSON)' }));

    expect(await screen.findByText('Staff member not found')).toBeInTheDocument();
    expect(downloads).toHaveLength(0);
  });

  it('is not offered to managers', async () => {
    stubFetch({ 'GET /api/staff': { body: [cat] } });
    renderStaff('manager');

    const row = await rowOf('Cat Rowe');
    expect(within(row).getByRole('button', { name: 'Edit Cat Rowe' })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /Download the data/ })).toBeNull();
  });
});
