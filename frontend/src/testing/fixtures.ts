import type { CurrentUserResponseDto } from '@/features/auth/api';
import type { CurrentWeekDto } from '@/features/rota/api';
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
