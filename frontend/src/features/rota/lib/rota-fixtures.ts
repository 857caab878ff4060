// Test data for the rota screens' tests: an organisation whose server clock says Monday
// 8 September 2025, with two duty managers per day.
import type { HolidayDto } from '@/features/holidays/api';
import type { StaffDto } from '@/features/staff/api';

import type { CurrentWeekDto, RotaDayDto, RotaPersonDto } from '../api';

export function currentWeekOn(overrides: Partial<CurrentWeekDto> = {}): CurrentWeekDto {
  return {
    today: '2025-09-08',
    weekStart: '2025-09-08',
    weekEnd: '2025-09-12',
    academicYear: {
      label: '2025-2026',
      startDate: '2025-09-01',
      endDate: '2026-08-31',
      statisticsEndDate: '2026-07-31',
    },
    dutyManagersPerDay: 2,
    days: [],
    ...overrides,
  };
}

function staffMember(id: string, name: string, overrides: Partial<StaffDto> = {}): StaffDto {
  return {
    id,
    name,
    email: `${name.toLowerCase().replace(' ', '.')}@hillside.example`,
    department: null,
    isActive: true,
    isTeaching: true,
    userId: null,
    role: null,
    inviteStatus: 'not_invited',
    ...overrides,
  };
}

export const alice = staffMember('s-1', 'Alice Smith');
export const bob = staffMember('s-2', 'Bob Jones', { isTeaching: false });
export const cat = staffMember('s-3', 'Cat Rowe');
/** Inactive: never offered for a duty. */
export const dan = staffMember('s-4', 'Dan Brown', { isActive: false });

export const allStaff: StaffDto[] = [cat, dan, bob, alice];

function person(staff: StaffDto | null): RotaPersonDto | null {
  return staff && { id: staff.id, name: staff.name };
}

/** A rota day with these people in slots 1, 2, … (null for an empty slot). */
export function rotaDay(date: string, people: (StaffDto | null)[], id = `day-${date}`): RotaDayDto {
  return {
    id,
    date,
    dutyManager1Id: people[0]?.id ?? null,
    dutyManager2Id: people[1]?.id ?? null,
    dutyManager1: person(people[0] ?? null),
    dutyManager2: person(people[1] ?? null),
    slots: people.map((staff, index) => ({ position: index + 1, staff: person(staff) })),
  };
}

export function holiday(overrides: Partial<HolidayDto> = {}): HolidayDto {
  return {
    id: 'h-1',
    name: 'Staff training',
    type: 'inset_day',
    startDate: '2025-09-01',
    endDate: '2025-09-01',
    description: null,
    ...overrides,
  };
}

/** The startDate..endDate of every `GET path` the fetch stub answered, oldest first. */
export function requestedRanges(
  fetchMock: { mock: { calls: unknown[][] } },
  path: string,
): string[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === path)
    .map((url) => `${url.searchParams.get('startDate')}..${url.searchParams.get('endDate')}`);
}
