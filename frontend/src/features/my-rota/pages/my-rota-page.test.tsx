import { screen, within } from '@testing-library/react';
import { userEvent, type UserEvent } from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { RotaDayDto, RotaPersonDto } from '@/features/rota/api';
import type { StaffDto } from '@/features/staff/api';
import { currentUser, currentWeek, rotaDay, staffMember } from '@/testing/fixtures';
import { renderWithProviders, storeToken, stubFetch } from '@/testing/test-utils';

import { MyRotaPage } from './my-rota-page';

// The signed-in user of `currentUser()` is Ada Admin (u-1, ada@hillside.example).
const ada = staffMember('s-1', 'Ada Admin', { userId: 'u-1', email: 'ada@hillside.example' });
const ann = staffMember('s-2', 'Ann Lee');
const bob = staffMember('s-3', 'Bob Stone');
const cat = staffMember('s-4', 'Cat Rowe', { isActive: false });
// First by name, so picking the first person is not mistaken for picking the signed-in one.
const abe = staffMember('s-5', 'Abe Young');
// Sent unsorted, as a server might.
const allStaff = [bob, cat, ann, ada, abe];

function onRota(person: StaffDto): RotaPersonDto {
  return { id: person.id, name: person.name };
}

// Out of date order on purpose.
const rota: RotaDayDto[] = [
  rotaDay('2025-09-15', [onRota(ada), onRota(ann), onRota(bob)]),
  rotaDay('2025-09-03', [onRota(bob), onRota(ada)]),
  rotaDay('2025-09-08', [onRota(ada), null]),
  rotaDay('2025-09-12', [onRota(ann), onRota(bob)]),
  // A colleague the server could not name, who is not in the staff list either.
  rotaDay('2025-09-10', [onRota(ada), { id: 's-99', name: '' }]),
];

type Reply = Parameters<typeof stubFetch>[0][string];

function renderPage(
  replies: { user?: Reply; staff?: Reply; rota?: Reply; currentWeek?: Reply } = {},
  renderPersonExtras?: (person: StaffDto, isOwn: boolean) => ReactNode,
) {
  storeToken();
  const fetchMock = stubFetch({
    'GET /api/auth/user': replies.user ?? { body: currentUser() },
    'GET /api/current-week': replies.currentWeek ?? { body: currentWeek() },
    'GET /api/staff': replies.staff ?? { body: allStaff },
    'GET /api/rota': replies.rota ?? { body: rota },
  });
  return {
    fetchMock,
    ...renderWithProviders(<MyRotaPage renderPersonExtras={renderPersonExtras} />, '/my-rota'),
  };
}

function staffSelect(): HTMLElement {
  return screen.getByRole('combobox', { name: 'Staff member' });
}

function selectedName(): string | null {
  return staffSelect().closest('.ant-select')?.textContent ?? null;
}

async function dutyRows(): Promise<HTMLElement[]> {
  const list = await screen.findByRole('list', { name: 'Duty days' });
  return within(list).getAllByRole('listitem');
}

function dutiesRegion(): HTMLElement {
  return screen.getByRole('region', { name: 'Duty Assignments' });
}

describe('My Rota page', () => {
  let user: UserEvent;

  beforeEach(() => {
    // The browser's clock is two days ahead of the server's today: the badges must follow the
    // server (organisation time zone), never the browser.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2025, 8, 10, 12, 0) });
    user = userEvent.setup();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the signed-in person’s duties for the academic year, in date order, with a count', async () => {
    const { fetchMock } = renderPage();

    expect(screen.getByRole('heading', { level: 1, name: 'My Rota' })).toBeInTheDocument();
    expect(screen.getByText('Loading duties...')).toBeInTheDocument();

    const rows = await dutyRows();
    expect(selectedName()).toBe('Ada Admin');
    expect(screen.getByText('Duty days for academic year 2025-2026')).toBeInTheDocument();
    expect(rows.map((row) => row.textContent)).toEqual([
      'Wednesday 3 September 2025CompletedWith Bob Stone',
      'Monday 8 September 2025TodaySolo duty',
      'Wednesday 10 September 2025With Unknown',
      'Monday 15 September 2025With Ann Lee and Bob Stone',
    ]);
    expect(within(dutiesRegion()).getByText('4 duty days')).toBeInTheDocument();
    expect(document.title).toBe('My Rota · Duty Manager');

    const rotaQueries = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname === '/api/rota')
      .map((url) => Object.fromEntries(url.searchParams));
    expect(rotaQueries).toEqual([{ startDate: '2025-09-01', endDate: '2026-08-31' }]);
  });

  it('marks only the server’s today as Today and only earlier days as Completed', async () => {
    renderPage();

    const [past, today, future] = await dutyRows();
    expect(within(past as HTMLElement).getByText('Completed')).toBeInTheDocument();
    expect(within(past as HTMLElement).queryByText('Today')).not.toBeInTheDocument();
    expect(within(today as HTMLElement).getByText('Today')).toBeInTheDocument();
    expect(today).toHaveAttribute('aria-current', 'date');
    expect(within(today as HTMLElement).queryByText('Completed')).not.toBeInTheDocument();
    // 10 September is past by the browser's clock, but not by the server's.
    expect(within(future as HTMLElement).queryByText('Completed')).not.toBeInTheDocument();
    expect(within(future as HTMLElement).queryByText('Today')).not.toBeInTheDocument();
  });

  it('offers active staff only, sorted by name, and shows whoever is picked', async () => {
    renderPage();
    await dutyRows();

    await user.click(staffSelect());
    const options = Array.from(document.querySelectorAll('.ant-select-item-option')).map(
      (option) => option.textContent,
    );
    expect(options).toEqual(['Abe Young', 'Ada Admin', 'Ann Lee', 'Bob Stone']);

    await user.click(await screen.findByTitle('Bob Stone'));

    expect(selectedName()).toBe('Bob Stone');
    expect((await dutyRows()).map((row) => row.textContent)).toEqual([
      'Wednesday 3 September 2025CompletedWith Ada Admin',
      'Friday 12 September 2025With Ann Lee',
      'Monday 15 September 2025With Ada Admin and Ann Lee',
    ]);
    expect(within(dutiesRegion()).getByText('3 duty days')).toBeInTheDocument();
  });

  it('finds the signed-in person’s record by email when it is not linked to the user', async () => {
    renderPage({
      user: { body: currentUser({ user: { id: 'u-7', email: 'ANN.Lee@Hillside.example' } }) },
    });

    await dutyRows();
    expect(selectedName()).toBe('Ann Lee');
    expect(within(dutiesRegion()).getByText('2 duty days')).toBeInTheDocument();
  });

  it('starts with the first person by name when the signed-in user has no staff record', async () => {
    renderPage({
      user: { body: currentUser({ user: { id: 'u-7', email: 'office@hillside.example' } }) },
      staff: { body: [bob, ann] },
    });

    await dutyRows();
    expect(selectedName()).toBe('Ann Lee');
  });

  it('says when the person has no duties this academic year', async () => {
    renderPage({ rota: { body: [] } });

    expect(await screen.findByText('No duties this academic year')).toBeInTheDocument();
    expect(within(dutiesRegion()).getByText('0 duty days')).toBeInTheDocument();
  });

  it('offers a retry when the rota cannot be loaded', async () => {
    renderPage({
      rota: [
        {
          status: 500,
          body: {
            statusCode: 500,
            message: 'Internal server error',
            error: 'Internal Server Error',
          },
        },
        { body: rota },
      ],
    });

    expect(await screen.findByText('Failed to load the rota')).toBeInTheDocument();
    expect(screen.queryByText(/duty days?$/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await dutyRows()).toHaveLength(4);
  });

  it('shows the extras the app adds for the selected person, saying whether it is their own', async () => {
    renderPage({}, (person, isOwn) => (
      <p data-testid="extras">{`${person.name} ${isOwn ? '(own)' : '(someone else)'}`}</p>
    ));

    await dutyRows();
    expect(screen.getByTestId('extras')).toHaveTextContent('Ada Admin (own)');

    await user.click(staffSelect());
    await user.click(await screen.findByTitle('Bob Stone'));

    expect(screen.getByTestId('extras')).toHaveTextContent('Bob Stone (someone else)');
  });
});
