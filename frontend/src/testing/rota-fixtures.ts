// Test data for the rota screens' tests: an organisation whose server clock says Monday
// 8 September 2025, with two duty managers per day.
import type { HolidayDto } from '@/features/holidays/api';
import type { DutyDto } from '@/features/duties/api';
import type {
  RotaCandidateDto,
  RotaCandidatesDto,
  RotaDayDto,
  RotaEditResultDto,
  RotaGridCellDto,
  RotaGridDto,
} from '@/features/rota/api';
import type { StaffDto } from '@/features/staff/api';
import { staffMember } from '@/testing/fixtures';

export const alice = staffMember('s-1', 'Alice Smith');
export const bob = staffMember('s-2', 'Bob Jones', { isTeaching: false });
export const cat = staffMember('s-3', 'Cat Rowe');
/** Inactive: never offered for a duty. */
export const dan = staffMember('s-4', 'Dan Brown', { isActive: false });

export const allStaff: StaffDto[] = [cat, dan, bob, alice];

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

/** A person GET /api/rota/candidates offers: active, free that day, with their duties this year. */
export function candidate(
  person: StaffDto,
  dutiesThisYear: number,
  overrides: Partial<RotaCandidateDto> = {},
): RotaCandidateDto {
  return {
    id: person.id,
    name: person.name,
    department: person.department ?? null,
    isTeaching: person.isTeaching,
    dutiesThisYear,
    ...overrides,
  };
}

/** GET /api/rota/candidates of `date`: these people in this order, or nobody on a closed day. */
export function candidates(
  date: string,
  people: RotaCandidateDto[],
  closed: string | null = null,
): RotaCandidatesDto {
  return { date, closed, candidates: closed ? [] : people };
}

/** A direct edit's answer (replace, remove, move): the days as they are now and what happened. */
export function editResult(message: string, days: RotaDayDto[] = []): RotaEditResultDto {
  return { days, message };
}

/** One duty's cell of a day in GET /api/rota/grid: the people it needs and who fills each slot. */
export function gridCell(
  dutyId: string,
  needed: number,
  people: (Pick<StaffDto, 'id' | 'name'> | null)[],
): RotaGridCellDto {
  return {
    dutyId,
    needed,
    slots: people.map((p, i) => ({ position: i + 1, staff: p && { id: p.id, name: p.name } })),
  };
}

/** GET /api/rota/grid's answer for `duties` (as GET /api/duties sends them) and `days`. */
export function rotaGrid(duties: DutyDto[], days: RotaGridDto['days']): RotaGridDto {
  return {
    duties: duties.map(({ id, name, place, startTime, endTime, isDutyManager, paused }) => ({
      id,
      name,
      place,
      startTime,
      endTime,
      isDutyManager,
      paused,
    })),
    days,
  };
}
