import type { CurrentUserResponseDto } from '@/features/auth/api';
import type { AcademicYearOptionDto, AcademicYearsDto } from '@/features/holidays/api';
import type { DutyDto } from '@/features/duties/api';
import type { CancelRequestDto, SwapRequestDto } from '@/features/requests/api';
import type { CurrentWeekDto, RotaDayDto, RotaPersonDto } from '@/features/rota/api';
import type { AutoApprovalSettingsDto } from '@/features/settings/api';
import type { StaffDto } from '@/features/staff/api';
import type { PlanDto } from '@/features/tenants/api';
import type { UnavailabilityDto } from '@/features/unavailability/api';

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
      region: 'england_wales',
    },
  };
}

/** GET /api/current-week with the server's clock at Monday 8 September 2025 (the demo date). */
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

/**
 * The Duty Manager duty as GET /api/duties sends it for a school that added nothing: all day on
 * every weekday with two people, everyone, weight 60, the teaching mix.
 */
export function dutyManagerDuty(overrides: Partial<DutyDto> = {}): DutyDto {
  return {
    id: 'd-dm',
    name: 'Duty Manager',
    place: null,
    description: '',
    startTime: null,
    endTime: null,
    weekdays: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, people: 2 })),
    eligible: 'everyone',
    groupIds: [],
    staffIds: [],
    weight: 60,
    pairsTeaching: true,
    paused: false,
    isDutyManager: true,
    sortOrder: 0,
    ...overrides,
  };
}

/** Another duty of the school: a lunch duty in the canteen, 12:30–13:10 on every weekday, one person. */
export function otherDuty(overrides: Partial<DutyDto> = {}): DutyDto {
  return dutyManagerDuty({
    id: 'd-lunch',
    name: 'Lunch',
    place: 'Canteen',
    startTime: '12:30',
    endTime: '13:10',
    weekdays: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, people: 1 })),
    weight: 40,
    pairsTeaching: false,
    isDutyManager: false,
    sortOrder: 1,
    ...overrides,
  });
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
    workingDays: [1, 2, 3, 4, 5],
    fte: null,
    weeklyCap: null,
    avoidDays: [],
    ...overrides,
  };
}

/**
 * A colleague's record as GET /api/staff sends it to staff: the id, name, whether active and
 * Teaching or Non-Teaching, nothing else (docs/product.md#what-people-see-of-each-other).
 */
export function colleagueAsStaffSee({ id, name, isActive, isTeaching }: StaffDto): StaffDto {
  return { id, name, isActive, isTeaching };
}

/**
 * A rota day as the server sends it: these people in slots 1, 2, … (null for an empty slot), and
 * the two-slot fields repeating slots 1 and 2. The screens read `slots` only
 * (src/shared/lib/rota-day.ts).
 */
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

/**
 * A cover the colleague has accepted and that now waits for approval: `target` takes
 * `requester`'s duty on 2025-09-10. Seen by an approver (no answer or withdrawal flags).
 */
export function swapRequest(
  id: string,
  requester: RotaPersonDto | null,
  target: RotaPersonDto | null,
  overrides: Partial<SwapRequestDto> = {},
): SwapRequestDto {
  const status = overrides.status ?? 'pending';
  return {
    id,
    requesterId: requester?.id ?? 'missing-requester',
    targetId: target?.id ?? 'missing-target',
    requester: requester && { id: requester.id, name: requester.name },
    target: target && { id: target.id, name: target.name },
    originalDate: '2025-09-10',
    swapDate: '2025-09-10',
    kind: 'cover',
    reason: 'Parents evening',
    status,
    open: false,
    waitingFor:
      status === 'awaiting_colleague' ? 'colleague' : status === 'pending' ? 'approval' : null,
    canAnswer: false,
    canDecline: false,
    canWithdraw: false,
    answeredAt: '2025-09-08T08:30:00.000Z',
    approvedUnanswered: false,
    processedAutomatically: false,
    decidedBy: null,
    decidedAt: null,
    createdAt: '2025-09-08T08:15:00.000Z',
    updatedAt: '2025-09-08T08:15:00.000Z',
    ...overrides,
  };
}

/** A pending request to cancel `staff`'s duty on 2025-09-11. */
export function cancelRequest(
  id: string,
  staff: RotaPersonDto | null,
  overrides: Partial<CancelRequestDto> = {},
): CancelRequestDto {
  return {
    id,
    staffId: staff?.id ?? 'missing-staff',
    staff: staff && { id: staff.id, name: staff.name },
    date: '2025-09-11',
    reason: 'Hospital appointment',
    status: 'pending',
    source: 'request',
    processedAutomatically: false,
    replacement: null,
    decidedBy: null,
    decidedAt: null,
    createdAt: '2025-09-08T08:30:00.000Z',
    updatedAt: '2025-09-08T08:30:00.000Z',
    ...overrides,
  };
}

/** An annual-leave period of `staffId`. */
export function unavailability(
  id: string,
  staffId: string,
  startDate: string,
  endDate: string,
  overrides: Partial<UnavailabilityDto> = {},
): UnavailabilityDto {
  return {
    id,
    staffId,
    startDate,
    endDate,
    reason: 'Family holiday',
    type: 'annual_leave',
    createdAt: '2025-09-01T10:00:00.000Z',
    ...overrides,
  };
}

/** GET /api/auto-approval-settings with the defaults for a new organisation (docs/product.md#auto-approval). */
export function autoApproval(
  overrides: Partial<AutoApprovalSettingsDto> = {},
): AutoApprovalSettingsDto {
  return { swaps: false, cancellations: true, autoFillCancellations: true, ...overrides };
}

/** One academic year as GET /api/academic-years gives it. */
export function academicYear(
  start: number,
  overrides: Partial<AcademicYearOptionDto> = {},
): AcademicYearOptionDto {
  return {
    academicYear: start,
    label: `${start}-${start + 1}`,
    startDate: `${start}-09-01`,
    endDate: `${start + 1}-08-31`,
    hasTermDates: true,
    summerTermEnd: `${start + 1}-07-21`,
    planFrom: `${start}-09-09`,
    planTo: `${start + 1}-07-21`,
    ...overrides,
  };
}

/** Monday 8 September 2025: this year's summer term ends on 21 July 2026, unless told otherwise. */
export function academicYears(overrides: Partial<AcademicYearsDto> = {}): AcademicYearsDto {
  return {
    today: '2025-09-08',
    current: 2025,
    planning: 2025,
    years: [
      academicYear(2025),
      academicYear(2026, {
        hasTermDates: false,
        summerTermEnd: null,
        planFrom: '2026-09-01',
        planTo: '2027-08-31',
      }),
    ],
    ...overrides,
  };
}
