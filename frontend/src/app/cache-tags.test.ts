import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { auditApi } from '@/features/audit/api';
import { authApi } from '@/features/auth/api';
import { holidaysApi } from '@/features/holidays/api';
import { csvUpload, staffApi } from '@/features/staff/api';
import { currentUser } from '@/testing/fixtures';
import { callCount, storeToken, stubFetch } from '@/testing/test-utils';

import { makeStore, type AppStore } from './store';

const holiday = {
  name: 'Christmas Day',
  type: 'bank_holiday' as const,
  startDate: '2025-12-25',
  endDate: '2025-12-25',
};

const EMPTY_LOG = { items: [], total: 0, page: 1, pageSize: 25 };

/** Loads the staff list, the holidays and the activity log, as open screens would. */
async function loadAll(store: AppStore) {
  await Promise.all([
    store.dispatch(staffApi.endpoints.getStaff.initiate()),
    store.dispatch(holidaysApi.endpoints.getHolidays.initiate({})),
    store.dispatch(auditApi.endpoints.getAuditLog.initiate({})),
    store.dispatch(authApi.endpoints.getCurrentUser.initiate()),
  ]);
}

function stubAll() {
  storeToken();
  return stubFetch({
    'GET /api/staff': { body: [] },
    'GET /api/holidays': { body: [] },
    'GET /api/audit-log': { body: EMPTY_LOG },
    'GET /api/auth/user': { body: currentUser() },
    'POST /api/staff': { status: 201, body: {} },
    'PUT /api/staff/s-1': { body: {} },
    'POST /api/staff/s-1/invite': { status: 201, body: {} },
    'PUT /api/staff/s-1/role': { body: {} },
    'POST /api/staff/import': { status: 201, body: { imported: 1, skipped: 0 } },
    'POST /api/staff/import/preview': {
      status: 201,
      body: { rows: [], validCount: 0, errorCount: 0 },
    },
    'POST /api/holidays': { status: 201, body: {} },
    'PUT /api/holidays/h-1': { body: {} },
    'DELETE /api/holidays/h-1': { status: 204 },
    'POST /api/holidays/bank-holidays': {
      status: 201,
      body: { added: [], skipped: 0, academicYear: '2025-2026' },
    },
  });
}

const csv = () => csvUpload(new File(['name,email\n'], 'staff.csv', { type: 'text/csv' }));

describe('cache tags across features', () => {
  it.each([
    [
      'adding staff',
      (s: AppStore) =>
        s.dispatch(
          staffApi.endpoints.createStaff.initiate({
            createStaffDto: { name: 'A', email: 'a@b.co' },
          }),
        ),
    ],
    [
      'editing staff',
      (s: AppStore) =>
        s.dispatch(
          staffApi.endpoints.updateStaff.initiate({
            id: 's-1',
            updateStaffDto: { isActive: false },
          }),
        ),
    ],
    [
      'inviting staff',
      (s: AppStore) => s.dispatch(staffApi.endpoints.inviteStaff.initiate({ id: 's-1' })),
    ],
    [
      'importing staff',
      (s: AppStore) =>
        s.dispatch(staffApi.endpoints.importStaff.initiate({ staffCsvUploadDto: csv() })),
    ],
  ])('%s reloads the staff list and the activity log', async (_name, change) => {
    const fetchMock = stubAll();
    const store = makeStore();
    await loadAll(store);

    await change(store);

    await waitFor(() => expect(callCount(fetchMock, 'GET /api/staff')).toBe(2));
    await waitFor(() => expect(callCount(fetchMock, 'GET /api/audit-log')).toBe(2));
    expect(callCount(fetchMock, 'GET /api/holidays')).toBe(1);
    expect(callCount(fetchMock, 'GET /api/auth/user')).toBe(1);
  });

  it('changing a role also reloads the signed-in user, whose role it may be', async () => {
    const fetchMock = stubAll();
    const store = makeStore();
    await loadAll(store);

    await store.dispatch(
      staffApi.endpoints.changeStaffRole.initiate({
        id: 's-1',
        changeRoleDto: { role: 'manager' },
      }),
    );

    await waitFor(() => expect(callCount(fetchMock, 'GET /api/auth/user')).toBe(2));
    await waitFor(() => expect(callCount(fetchMock, 'GET /api/audit-log')).toBe(2));
    expect(callCount(fetchMock, 'GET /api/staff')).toBe(2);
  });

  it('previewing an import reloads nothing: nothing has changed', async () => {
    const fetchMock = stubAll();
    const store = makeStore();
    await loadAll(store);

    await store.dispatch(
      staffApi.endpoints.previewStaffImport.initiate({ staffCsvUploadDto: csv() }),
    );

    expect(callCount(fetchMock, 'GET /api/staff')).toBe(1);
    expect(callCount(fetchMock, 'GET /api/audit-log')).toBe(1);
  });

  it.each([
    [
      'adding a holiday',
      (s: AppStore) =>
        s.dispatch(holidaysApi.endpoints.createHoliday.initiate({ saveHolidayDto: holiday })),
    ],
    [
      'editing a holiday',
      (s: AppStore) =>
        s.dispatch(
          holidaysApi.endpoints.updateHoliday.initiate({ id: 'h-1', saveHolidayDto: holiday }),
        ),
    ],
    [
      'deleting a holiday',
      (s: AppStore) => s.dispatch(holidaysApi.endpoints.deleteHoliday.initiate({ id: 'h-1' })),
    ],
    [
      'adding bank holidays',
      (s: AppStore) =>
        s.dispatch(holidaysApi.endpoints.addBankHolidays.initiate({ addBankHolidaysDto: {} })),
    ],
  ])('%s reloads the holidays and the activity log', async (_name, change) => {
    const fetchMock = stubAll();
    const store = makeStore();
    await loadAll(store);

    await change(store);

    await waitFor(() => expect(callCount(fetchMock, 'GET /api/holidays')).toBe(2));
    await waitFor(() => expect(callCount(fetchMock, 'GET /api/audit-log')).toBe(2));
    expect(callCount(fetchMock, 'GET /api/staff')).toBe(1);
  });
});
