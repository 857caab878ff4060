import type { CurrentUserResponseDto } from '@/features/auth/api';
import type { CurrentWeekDto, RotaDayDto, RotaPersonDto } from '@/features/rota/api';
import type { StaffDto } from '@/features/staff/api';
import type { PlanDto } from '@/features/tenants/api';

export const plan: PlanDto = {
  id: 'professional',
  name: 'Professional',
  pricePerMonth: 10,
  currency: 'GBP',
  trialDays: 30,
  creditCardRequired: false,
  features: [
    'Unlimited staff',
    'Automated duty assignment',
    'Email notifications',
    'Swap and cancellation requests',
    'Holiday management',
    'Calendar integration',
    'Priority support',
  ],
};

export function currentUser(
  overrides: { user?: Partial<CurrentUserResponseDto['user']> } = {},
): CurrentUserResponseDto {
  return {
    user: {
      id: 'u-1',
      name: 'Ada Admin',
      email: 'ada@hillside.example',
      role: 'admin',
      emailVerified: false,
      ...overrides.user,
    },
    organization: {
      id: 'o-1',
      name: 'Hillside Primary School',
      subdomain: 'hillside',
      type: 'school',
      timezone: 'Europe/London',
    },
  };
}

/** GET /api/current-week with the server's clock at Monday 8 September 2025 (the spec's example). */
export function currentWeek(overrides: Partial<CurrentWeekDto> = {}): CurrentWeekDto {
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

/** A staff record as GET /api/staff sends it: active, teaching, not invited unless overridden. */
export function staffMember(id: string, name: string, overrides: Partial<StaffDto> = {}): StaffDto {
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

/** A rota day with these people in slots 1, 2, … (null for an empty slot). */
export function rotaDay(
  date: string,
  people: (RotaPersonDto | null)[],
  id = `day-${date}`,
): RotaDayDto {
  const person = (p: RotaPersonDto | null | undefined) => (p ? { id: p.id, name: p.name } : null);
  return {
    id,
    date,
    dutyManager1Id: people[0]?.id ?? null,
    dutyManager2Id: people[1]?.id ?? null,
    dutyManager1: person(people[0]),
    dutyManager2: person(people[1]),
    slots: people.map((p, index) => ({ position: index + 1, staff: person(p) })),
  };
}
