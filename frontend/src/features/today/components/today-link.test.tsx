import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { rotaApi, type CurrentWeekDto } from '@/features/rota/api';
import { staffApi } from '@/features/staff/api';
import { AccessContext, accessFor } from '@/shared/auth/access';
import { currentUser, staffMember } from '@/testing/fixtures';
import { callCount, renderWithProviders, storeToken, stubFetch } from '@/testing/test-utils';

import { TodayLink } from './today-link';

const ME = staffMember('s-me', 'Ada Lovelace', { userId: 'u-1' });

function week(onToday: string[]): CurrentWeekDto {
  return {
    academicYear: { label: '2026-2027', startDate: '2026-09-01', endDate: '2027-08-31' },
    today: '2026-11-02',
    weekStart: '2026-11-02',
    weekEnd: '2026-11-06',
    dutyManagersPerDay: 2,
    days: [
      {
        id: 'day-1',
        date: '2026-11-02',
        slots: onToday.map((id, i) => ({ position: i + 1, staff: { id, name: id } })),
      },
      {
        id: 'day-2',
        date: '2026-11-03',
        slots: [{ position: 1, staff: { id: 's-me', name: 'Ada Lovelace' } }],
      },
    ],
  } as unknown as CurrentWeekDto;
}

function renderLink(role: string, onToday: string[]) {
  storeToken();
  const fetchMock = stubFetch({
    'GET /api/current-week': { body: week(onToday) },
    'GET /api/auth/user': { body: currentUser() },
    'GET /api/staff': { body: [ME, staffMember('s-bo', 'Bo Brown')] },
  });
  const { store } = renderWithProviders(
    <AccessContext value={accessFor(role)}>
      <TodayLink />
    </AccessContext>,
  );
  return { fetchMock, store };
}

describe("the Dashboard's link to the Today board", () => {
  it('is there for admins and managers without asking for anything', async () => {
    const { fetchMock } = renderLink('manager', []);
    expect(await screen.findByRole('link', { name: "Today's duties" })).toHaveAttribute(
      'href',
      '/today',
    );
    expect(callCount(fetchMock, 'GET /api/current-week')).toBe(0);
  });

  it('is there for a staff member on today’s Duty Manager duty', async () => {
    renderLink('staff', ['s-bo', 's-me']);
    expect(await screen.findByRole('link', { name: "Today's duties" })).toBeInTheDocument();
  });

  it('is not there for a staff member who is not on today’s Duty Manager duty (tomorrow’s does not count)', async () => {
    const { store } = renderLink('staff', ['s-bo']);
    // Once this week's rota and the staff list are in, the link would be there by now.
    await vi.waitFor(() => {
      expect(
        rotaApi.endpoints.getCurrentWeek.select()(store.getState() as never).data,
      ).toBeDefined();
      expect(staffApi.endpoints.getStaff.select()(store.getState() as never).data).toBeDefined();
    });
    expect(screen.queryByRole('link', { name: "Today's duties" })).toBeNull();
  });
});
