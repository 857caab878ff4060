import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { auditApi } from '@/features/audit/api';
import { authApi } from '@/features/auth/api';
import { dashboardApi } from '@/features/dashboard/api';
import { holidaysApi } from '@/features/holidays/api';
import { rotaApi } from '@/features/rota/api';
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
const HEALTHY = {
  academicYear: '2025-2026',
  from: '2025-09-08',
  to: '2026-07-22',
  violations: [],
  unfilledDays: [],
  yearsWithoutTermDates: [],
};
const TERMS = [
  { name: 'autumn', startDate: '2025-09-01', endDate: '2025-12-19' },
  { name: 'spring', startDate: '2026-01-05', endDate: '2026-03-27' },
  { name: 'summer', startDate: '2026-04-13', endDate: '2026-07-21' },
] as const;

/**
 * Loads the staff list, the holidays, the activity log, the signed-in user, the rota's health
 * check and the first-run checklist, as open screens would.
 */
async function loadAll(store: AppStore) {
  await Promise.all([
    store.dispatch(staffApi.endpoints.getStaff.initiate()),
    store.dispatch(holidaysApi.endpoints.getHolidays.initiate({})),
    store.dispatch(auditApi.endpoints.getAuditLog.initiate({})),
    store.dispatch(authApi.endpoints.getCurrentUser.initiate()),
    store.dispatch(rotaApi.endpoints.getRotaHealth.initiate({})),
    store.dispatch(dashboardApi.endpoints.getSetupChecklist.initiate()),
  ]);
}

function stubAll() {
  storeToken();
  return stubFetch({
    'GET /api/staff': { body: [] },
    'GET /api/holidays': { body: [] },
    'GET /api/rota/closures': { body: [] },
    'GET /api/audit-log': { body: EMPTY_LOG },
    'GET /api/auth/user': { body: currentUser() },
    'GET /api/rota/health': { body: HEALTHY },
    'GET /api/setup-checklist': { body: { steps: [], complete: true } },
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
    'PUT /api/term-dates/2025': { body: {} },
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
  ])(
    '%s reloads the staff list, the activity log and the first-run checklist',
    async (_name, change) => {
      const fetchMock = stubAll();
      const store = makeStore();
      await loadAll(store);

      await change(store);

      await waitFor(() => expect(callCount(fetchMock, 'GET /api/staff')).toBe(2));
      await waitFor(() => expect(callCount(fetchMock, 'GET /api/audit-log')).toBe(2));
      await waitFor(() => expect(callCount(fetchMock, 'GET /api/setup-checklist')).toBe(2));
      expect(callCount(fetchMock, 'GET /api/holidays')).toBe(1);
      expect(callCount(fetchMock, 'GET /api/auth/user')).toBe(1);
    },
  );

  it("deactivating someone also reloads the rota's health check: their days need someone", async () => {
    const fetchMock = stubAll();
    const store = makeStore();
    await loadAll(store);

    await store.dispatch(
      staffApi.endpoints.updateStaff.initiate({ id: 's-1', updateStaffDto: { isActive: false } }),
    );

    await waitFor(() => expect(callCount(fetchMock, 'GET /api/rota/health')).toBe(2));
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
    [
      'saving term dates',
      (s: AppStore) =>
        s.dispatch(
          holidaysApi.endpoints.saveTermDates.initiate({
            academicYear: 2025,
            saveTermDatesDto: { terms: [...TERMS] },
          }),
        ),
    ],
  ])(
    "%s reloads the holidays, the activity log, the rota's health check and the checklist",
    async (_name, change) => {
      const fetchMock = stubAll();
      const store = makeStore();
      await loadAll(store);

      await change(store);

      await waitFor(() => expect(callCount(fetchMock, 'GET /api/holidays')).toBe(2));
      await waitFor(() => expect(callCount(fetchMock, 'GET /api/audit-log')).toBe(2));
      await waitFor(() => expect(callCount(fetchMock, 'GET /api/rota/health')).toBe(2));
      await waitFor(() => expect(callCount(fetchMock, 'GET /api/setup-checklist')).toBe(2));
      expect(callCount(fetchMock, 'GET /api/staff')).toBe(1);
    },
  );

  it("adding bank holidays also reloads the signed-in user, whose organisation's region it may change", async () => {
    const fetchMock = stubAll();
    const store = makeStore();
    await loadAll(store);

    await store.dispatch(
      holidaysApi.endpoints.addBankHolidays.initiate({
        addBankHolidaysDto: { region: 'scotland' },
      }),
    );

    await waitFor(() => expect(callCount(fetchMock, 'GET /api/auth/user')).toBe(2));
  });
});
