import type { CurrentUserResponseDto } from '@/features/auth/api';
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
