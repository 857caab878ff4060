import { PlanDto } from './dto/plan.dto';

/** docs/product.md#organisations-and-the-plan: one Professional plan, £10 a month, 30-day free trial, no card. */
export const PROFESSIONAL_PLAN: Readonly<PlanDto> = Object.freeze({
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
});
