import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import type { RotaHealthDto, UnfilledDayDto } from '@/features/rota/api/rota.gen';
import { AccessContext, accessFor } from '@/shared/auth/access';
import { callCount, renderWithProviders, setupUser, stubFetch } from '@/testing/test-utils';

import { RotaHealth, unfilledDaysText, weekLink, yearsWithoutTermDatesText } from './rota-health';

function health(overrides: Partial<RotaHealthDto> = {}): RotaHealthDto {
  return {
    academicYear: '2025-2026',
    from: '2025-09-08',
    to: '2026-07-21',
    violations: [],
    unfilledDays: [],
    yearsWithoutTermDates: [],
    ...overrides,
  };
}

/** `count` weekdays from Monday 15 December 2025, each with one of two slots filled. */
function unfilled(count: number): UnfilledDayDto[] {
  const days: UnfilledDayDto[] = [];
  const date = new Date(Date.UTC(2025, 11, 15));
  while (days.length < count) {
    const weekday = date.getUTCDay();
    if (weekday !== 0 && weekday !== 6) {
      days.push({ date: date.toISOString().slice(0, 10), filled: 1, slots: 2 });
    }
    date.setUTCDate(date.getUTCDate() + 1);
  }
  return days;
}

function renderHealth(role = 'admin') {
  return renderWithProviders(
    <AccessContext value={accessFor(role)}>
      <RotaHealth />
    </AccessContext>,
    '/',
  );
}

describe('Rota health line', () => {
  let user: UserEvent;

  beforeEach(() => {
    user = setupUser();
  });

  it('counts the school days that need someone, and lists them, each linking to its week', async () => {
    stubFetch({ 'GET /api/rota/health': { body: health({ unfilledDays: unfilled(3) }) } });
    renderHealth();

    expect(screen.getByRole('status')).toHaveTextContent('Checking the rota…');
    const line = await screen.findByRole('button', { name: '3 school days need someone' });
    expect(line).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('list')).not.toBeInTheDocument();

    await user.click(line);

    expect(line).toHaveAttribute('aria-expanded', 'true');
    const list = screen.getByRole('list', { name: 'School days that need someone' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Mon 15 Dec 2025 1 of 2 slots filled',
      'Tue 16 Dec 2025 1 of 2 slots filled',
      'Wed 17 Dec 2025 1 of 2 slots filled',
    ]);
    expect(within(list).getByRole('link', { name: 'Wed 17 Dec 2025' })).toHaveAttribute(
      'href',
      '/rota?week=2025-12-15',
    );

    await user.click(line);

    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('says "1 school day needs someone" for one', async () => {
    stubFetch({ 'GET /api/rota/health': { body: health({ unfilledDays: unfilled(1) }) } });
    renderHealth('manager');

    expect(
      await screen.findByRole('button', { name: '1 school day needs someone' }),
    ).toBeInTheDocument();
  });

  it('pages through a long list, ten days at a time', async () => {
    stubFetch({ 'GET /api/rota/health': { body: health({ unfilledDays: unfilled(12) }) } });
    renderHealth();

    await user.click(await screen.findByRole('button', { name: '12 school days need someone' }));
    const list = () => screen.getByRole('list', { name: 'School days that need someone' });
    expect(within(list()).getAllByRole('listitem')).toHaveLength(10);

    await user.click(screen.getByTitle('Next Page'));

    expect(
      within(list())
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Mon 29 Dec 2025 1 of 2 slots filled', 'Tue 30 Dec 2025 1 of 2 slots filled']);
  });

  it('says nothing when every school day has its people and every year its term dates', async () => {
    const fetchMock = stubFetch({ 'GET /api/rota/health': { body: health() } });
    renderHealth();

    await screen.findByRole('status');
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    expect(callCount(fetchMock, 'GET /api/rota/health')).toBe(1);
    expect(screen.queryByText(/need/)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('points to Term Dates for the years without them', async () => {
    stubFetch({
      'GET /api/rota/health': {
        body: health({ yearsWithoutTermDates: ['2025-2026', '2026-2027'] }),
      },
    });
    renderHealth();

    expect(
      await screen.findByText('2025-2026 and 2026-2027 have no term dates yet'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Set term dates' })).toHaveAttribute(
      'href',
      '/holidays#term-dates',
    );
  });

  it('warns of duties that break the rules, should there ever be any', async () => {
    stubFetch({
      'GET /api/rota/health': {
        body: health({
          violations: [
            {
              date: '2025-12-08',
              position: 1,
              staffId: 's-1',
              staffName: 'Sam Lee',
              rule: 'holiday',
              reason: 'Holiday: Snow closure, Other',
            },
          ],
        }),
      },
    });
    renderHealth();

    expect(await screen.findByText("Some duties break the rota's rules")).toBeInTheDocument();
    const list = screen.getByRole('list', { name: "Duties that break the rota's rules" });
    expect(list).toHaveTextContent(
      'Mon 8 Dec 2025, Duty Manager 1: Sam Lee — Holiday: Snow closure, Other',
    );
    expect(within(list).getByRole('link', { name: 'Mon 8 Dec 2025' })).toHaveAttribute(
      'href',
      '/rota?week=2025-12-08',
    );
  });

  it('is not for staff: they neither see nor ask for it', async () => {
    const fetchMock = stubFetch({
      'GET /api/rota/health': { body: health({ unfilledDays: unfilled(3) }) },
    });
    renderHealth('staff');

    // Give a request every chance to be made.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByText(/need someone/)).not.toBeInTheDocument();
    expect(callCount(fetchMock, 'GET /api/rota/health')).toBe(0);
  });

  it('says when the rota could not be checked, and tries again', async () => {
    stubFetch({
      'GET /api/rota/health': [
        { status: 500, body: { statusCode: 500, message: 'Database unavailable', error: 'x' } },
        { body: health({ unfilledDays: unfilled(2) }) },
      ],
    });
    renderHealth();

    expect(await screen.findByText('Failed to check the rota')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));

    expect(
      await screen.findByRole('button', { name: '2 school days need someone' }),
    ).toBeInTheDocument();
  });
});

describe('health texts', () => {
  it('are singular for one and plural otherwise', () => {
    expect(unfilledDaysText(1)).toBe('1 school day needs someone');
    expect(unfilledDaysText(2)).toBe('2 school days need someone');
    expect(unfilledDaysText(1200)).toBe('1,200 school days need someone');
    expect(yearsWithoutTermDatesText(['2025-2026'])).toBe('2025-2026 has no term dates yet');
    expect(yearsWithoutTermDatesText(['2024-2025', '2025-2026', '2026-2027'])).toBe(
      '2024-2025, 2025-2026 and 2026-2027 have no term dates yet',
    );
  });

  it("links a day to the Weekly Rota of its week, Monday's date", () => {
    expect(weekLink('2025-12-19')).toBe('/rota?week=2025-12-15');
    expect(weekLink('2025-12-15')).toBe('/rota?week=2025-12-15');
    expect(weekLink('not a date')).toBe('/rota');
  });
});
