import type { Permission } from '@/shared/auth/access';

import type { SetupStep } from '../api';

/** Who has the first-run checklist (docs/product.md#the-first-run-checklist): admins. */
export const SETUP_CHECKLIST_PERMISSION: Permission = 'settings.manage';

interface SetupStepInfo {
  /** The step's name, also its link to where it is done. */
  title: string;
  description: string;
  /** Where the step is done: a screen, and the section of it (docs/product.md#the-first-run-checklist). */
  to: string;
}

/** docs/product.md#the-first-run-checklist: the steps, as they read on an admin's Dashboard. */
export const SETUP_STEPS: Record<SetupStep, SetupStepInfo> = {
  staff: {
    title: 'Add staff',
    description: 'At least two people, one by one or imported from a CSV file.',
    to: '/staff#staff-management',
  },
  term_dates: {
    title: 'Set term dates',
    description: "The year's terms, so nobody is put on duty in the holidays.",
    to: '/holidays#term-dates',
  },
  bank_holidays: {
    title: 'Add bank holidays',
    description: "The year's bank holidays for your part of the UK.",
    to: '/holidays',
  },
  fill_rota: {
    title: 'Fill the rota',
    description:
      'Put people on duty to the end of the summer term: Fill Unassigned in Rota Management.',
    to: '/staff#rota-management',
  },
  invite_staff: {
    title: 'Invite staff',
    description: 'Staff who sign in see their duties and ask for swaps themselves.',
    to: '/staff#staff-management',
  },
  calendar: {
    title: 'Subscribe to the calendar',
    description: 'Your duties in your own calendar app, kept up to date.',
    to: '/#calendar-subscription',
  },
};

export function isSetupStep(key: string): key is SetupStep {
  return Object.hasOwn(SETUP_STEPS, key);
}
