import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { AccessContext, accessFor } from '@/shared/auth/access';
import { callCount, renderWithProviders, setupUser, stubFetch } from '@/testing/test-utils';

import { FairnessHint, fairnessHintText } from './fairness-hint';

/** Whether the hint's question has its answer (or its failure) in the store. */
function answered(store: ReturnType<typeof renderHint>['store']): boolean {
  return Object.values(store.getState().api.queries).some(
    (query) =>
      query?.endpointName === 'getFairnessHint' &&
      (query.status === 'fulfilled' || query.status === 'rejected'),
  );
}

function renderHint(role = 'admin') {
  return renderWithProviders(
    <AccessContext value={accessFor(role)}>
      <FairnessHint />
    </AccessContext>,
    '/',
  );
}

describe('the Dashboard’s fairness hint', () => {
  let user: UserEvent;

  beforeEach(() => {
    user = setupUser();
  });

  it('says how many people are far from their share, and links to the Rebalance preview with its changes', async () => {
    stubFetch({ 'GET /api/rota/fairness-hint': { body: { people: 2, changes: 4 } } });
    const { router } = renderHint();

    const link = await screen.findByRole('link', { name: 'Rebalance (4 changes)' });
    expect(screen.getByRole('alert')).toHaveTextContent(
      '2 people are more than one duty from their fair share — Rebalance (4 changes)',
    );
    expect(link).toHaveAttribute('href', '/staff?preview=rebalance#rota-management');

    await user.click(link);

    expect(router.state.location.pathname).toBe('/staff');
    expect(router.state.location.search).toBe('?preview=rebalance');
  });

  it('speaks of one person and one change in the singular', async () => {
    stubFetch({ 'GET /api/rota/fairness-hint': { body: { people: 1, changes: 1 } } });
    renderHint('manager');

    expect(await screen.findByRole('link', { name: 'Rebalance (1 change)' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      '1 person is more than one duty from their fair share — Rebalance (1 change)',
    );
    expect(fairnessHintText(3)).toBe('3 people are more than one duty from their fair share');
  });

  it('says nothing when there is nothing to suggest', async () => {
    const fetchMock = stubFetch({
      'GET /api/rota/fairness-hint': { body: { people: null, changes: null } },
    });
    const { store } = renderHint();

    await waitFor(() => expect(answered(store)).toBe(true));
    expect(callCount(fetchMock, 'GET /api/rota/fairness-hint')).toBe(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('says nothing when the question fails', async () => {
    stubFetch({
      'GET /api/rota/fairness-hint': {
        status: 500,
        body: { statusCode: 500, message: 'Something went wrong' },
      },
    });
    const { store } = renderHint();

    await waitFor(() => expect(answered(store)).toBe(true));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('asks nothing for staff', () => {
    const fetchMock = stubFetch({
      'GET /api/rota/fairness-hint': { body: { people: 2, changes: 4 } },
    });
    renderHint('staff');

    expect(callCount(fetchMock, 'GET /api/rota/fairness-hint')).toBe(0);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
