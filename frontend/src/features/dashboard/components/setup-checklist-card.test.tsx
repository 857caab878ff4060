import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { AccessContext, accessFor } from '@/shared/auth/access';
import { callCount, renderWithProviders, setupUser, stubFetch } from '@/testing/test-utils';

import { dashboardApi, type SetupChecklistDto, type SetupStep } from '../api';
import { SetupChecklistCard } from './setup-checklist-card';

const ORDER: SetupStep[] = [
  'staff',
  'term_dates',
  'bank_holidays',
  'fill_rota',
  'invite_staff',
  'calendar',
];

function checklist(done: SetupStep[]): SetupChecklistDto {
  return {
    academicYear: 2025,
    academicYearLabel: '2025-2026',
    steps: ORDER.map((key) => ({ key, done: done.includes(key) })),
    complete: done.length === ORDER.length,
  };
}

function renderChecklist(role = 'admin') {
  return renderWithProviders(
    <AccessContext value={accessFor(role)}>
      <SetupChecklistCard />
    </AccessContext>,
    '/',
  );
}

function steps(): HTMLElement[] {
  return within(screen.getByRole('list', { name: 'Setup steps' })).getAllByRole('listitem');
}

describe('First-run checklist', () => {
  let user: UserEvent;

  beforeEach(() => {
    user = setupUser();
  });

  it('names the academic year being set up: next year once this one’s summer term is over', async () => {
    stubFetch({
      'GET /api/setup-checklist': {
        body: { ...checklist(['staff']), academicYear: 2026, academicYearLabel: '2026-2027' },
      },
    });
    renderChecklist();

    const card = await screen.findByRole('region', { name: 'Get started' });
    expect(
      within(card).getByText(
        'Set up Duty Manager for 2026-2027. Each step ticks itself once it is done.',
      ),
    ).toBeInTheDocument();
  });

  it('lists the six steps in order, each ticked from the data and linking to where it is done', async () => {
    stubFetch({ 'GET /api/setup-checklist': { body: checklist(['staff', 'bank_holidays']) } });
    renderChecklist();

    const card = await screen.findByRole('region', { name: 'Get started' });
    expect(within(card).getByText('2 of 6 done')).toBeInTheDocument();
    const items = steps();
    expect(items.map((item) => within(item).getByRole('link').textContent)).toEqual([
      'Add staff',
      'Set term dates',
      'Add bank holidays',
      'Fill the rota',
      'Invite staff',
      'Subscribe to the calendar',
    ]);
    expect(items.map((item) => within(item).getByText(/^(Done|To do)$/).textContent)).toEqual([
      'Done',
      'To do',
      'Done',
      'To do',
      'To do',
      'To do',
    ]);
    expect(items.map((item) => within(item).getByRole('link').getAttribute('href'))).toEqual([
      '/staff#staff-management',
      '/holidays#term-dates',
      '/holidays',
      '/staff#rota-management',
      '/staff#staff-management',
      '/#calendar-subscription',
    ]);
  });

  it('reaches every step from the keyboard, and opens it with Enter', async () => {
    stubFetch({ 'GET /api/setup-checklist': { body: checklist([]) } });
    const { router } = renderChecklist();
    await screen.findByRole('list', { name: 'Setup steps' });

    await user.tab();
    expect(screen.getByRole('link', { name: 'Add staff' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Set term dates' })).toHaveFocus();
    await user.keyboard('{Enter}');

    expect(router.state.location.pathname).toBe('/holidays');
    expect(router.state.location.hash).toBe('#term-dates');
  });

  it('ticks a step when the checklist reloads, and disappears once every step is done', async () => {
    const fetchMock = stubFetch({
      'GET /api/setup-checklist': [
        { body: checklist(['staff', 'term_dates', 'bank_holidays', 'fill_rota', 'invite_staff']) },
        { body: checklist(ORDER) },
      ],
    });
    const { store } = renderChecklist();

    expect(await screen.findByText('5 of 6 done')).toBeInTheDocument();
    expect(within(steps()[5] as HTMLElement).getByText('To do')).toBeInTheDocument();

    // Any change that ticks a step invalidates the dashboard's data.
    store.dispatch(dashboardApi.util.invalidateTags(['dashboard']));

    await waitFor(() => expect(callCount(fetchMock, 'GET /api/setup-checklist')).toBe(2));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Get started' })).not.toBeInTheDocument(),
    );
  });

  it('shows nothing to a school that has finished', async () => {
    const fetchMock = stubFetch({ 'GET /api/setup-checklist': { body: checklist(ORDER) } });
    const { store } = renderChecklist();

    await waitFor(() => expect(callCount(fetchMock, 'GET /api/setup-checklist')).toBe(1));
    // Loaded, and still nothing shown.
    await waitFor(() =>
      expect(
        Object.values(store.getState().api.queries).some(
          (query) => query?.endpointName === 'getSetupChecklist' && query.status === 'fulfilled',
        ),
      ).toBe(true),
    );
    expect(screen.queryByRole('region', { name: 'Get started' })).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Setup steps' })).not.toBeInTheDocument();
  });

  it.each(['manager', 'staff'])(
    'is for admins only: a %s neither sees nor asks for it',
    async (role) => {
      const fetchMock = stubFetch({ 'GET /api/setup-checklist': { body: checklist([]) } });
      renderChecklist(role);

      // Give a request every chance to be made.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(screen.queryByRole('region', { name: 'Get started' })).not.toBeInTheDocument();
      expect(callCount(fetchMock, 'GET /api/setup-checklist')).toBe(0);
    },
  );

  it('says when the checklist could not be loaded, and tries again', async () => {
    stubFetch({
      'GET /api/setup-checklist': [
        { status: 500, body: { statusCode: 500, message: 'Database unavailable', error: 'x' } },
        { body: checklist([]) },
      ],
    });
    renderChecklist();

    expect(await screen.findByText('Failed to load the setup checklist')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByText('0 of 6 done')).toBeInTheDocument();
  });
});
