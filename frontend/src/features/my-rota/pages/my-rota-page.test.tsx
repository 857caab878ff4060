import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import ICAL from 'ical.js';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { DutyDto } from '@/features/duties/api';
import type { MyDutyDto, RotaDayDto, RotaPersonDto } from '@/features/rota/api';
import type { StaffDto } from '@/features/staff/api';
import {
  colleagueAsStaffSee,
  currentUser,
  currentWeek,
  dutyManagerDuty,
  otherDuty,
  rotaDay,
  staffMember,
} from '@/testing/fixtures';
import {
  callCount,
  renderWithProviders,
  setupUser,
  storeToken,
  stubFetch,
} from '@/testing/test-utils';
import { stubScreenWidth } from '@/testing/viewport';

import { AccessContext, accessFor } from '@/shared/auth/access';

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
  replies: {
    user?: Reply;
    staff?: Reply;
    rota?: Reply;
    currentWeek?: Reply;
    closures?: Reply;
    duties?: Reply;
    mine?: Reply;
  } = {},
  renderPersonExtras?: (person: StaffDto, isOwn: boolean) => ReactNode,
  /** The signed-in person's role, where the page's choices depend on it. */
  role?: string,
) {
  storeToken();
  const fetchMock = stubFetch({
    'GET /api/auth/user': replies.user ?? { body: currentUser() },
    'GET /api/current-week': replies.currentWeek ?? { body: currentWeek() },
    'GET /api/staff': replies.staff ?? { body: allStaff },
    'GET /api/rota': replies.rota ?? { body: rota },
    'GET /api/rota/closures': replies.closures ?? { body: [] },
    ...(replies.duties && { 'GET /api/duties': replies.duties }),
    ...(replies.mine && { 'GET /api/rota/mine': replies.mine }),
  });
  return {
    fetchMock,
    ...renderWithProviders(
      role ? (
        <AccessContext value={accessFor(role)}>
          <MyRotaPage renderPersonExtras={renderPersonExtras} />
        </AccessContext>
      ) : (
        <MyRotaPage renderPersonExtras={renderPersonExtras} />
      ),
      '/my-rota',
    ),
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

/** The Duty Assignments card's head: its title and whatever antd shows beside it. */
function cardHead(): HTMLElement {
  const head = within(dutiesRegion())
    .getByRole('heading', { name: 'Duty Assignments' })
    .closest<HTMLElement>('.ant-card-head');
  if (!head) throw new Error('no card head');
  return head;
}

function exportButton(): HTMLElement {
  return within(dutiesRegion()).getByRole('button', { name: 'Export to Calendar' });
}

/** A blob's text: jsdom's Blob has no `text()`, but its FileReader reads it. */
function readText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the file'));
    reader.readAsText(blob);
  });
}

interface Download {
  fileName: string;
  blob: Blob;
}

/**
 * Catches the file downloads: jsdom has no `URL.createObjectURL` and cannot navigate to a link,
 * so both are stubbed and each download's name and content are kept instead.
 */
function catchDownloads(): { downloads: Download[]; restore: () => void } {
  const downloads: Download[] = [];
  const blobs = new Map<string, Blob>();
  Object.defineProperty(URL, 'createObjectURL', {
    configurable: true,
    value: (blob: Blob) => {
      const url = `blob:http://localhost/${blobs.size + 1}`;
      blobs.set(url, blob);
      return url;
    },
  });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: vi.fn() });
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    const blob = blobs.get(this.href);
    if (this.download && blob) downloads.push({ fileName: this.download, blob });
  });
  return {
    downloads,
    restore: () => {
      click.mockRestore();
      delete (URL as { createObjectURL?: unknown }).createObjectURL;
      delete (URL as { revokeObjectURL?: unknown }).revokeObjectURL;
    },
  };
}

describe('My Rota page', () => {
  let user: UserEvent;

  beforeEach(() => {
    // The browser's clock is two days ahead of the server's today: the badges must follow the
    // server (organisation time zone), never the browser.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2025, 8, 10, 12, 0) });
    user = setupUser();
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

  it('shows the breaks out of term between the duties, so a gap reads as a holiday', async () => {
    renderPage({
      closures: {
        body: [
          {
            startDate: '2025-09-01',
            endDate: '2025-09-02',
            kind: 'out_of_term',
            label: 'Summer holiday',
          },
          {
            startDate: '2025-09-11',
            endDate: '2025-09-12',
            kind: 'out_of_term',
            label: 'Inset break',
          },
          {
            startDate: '2025-09-09',
            endDate: '2025-09-09',
            kind: 'holiday',
            label: 'Staff training, Inset Day',
          },
        ],
      },
    });

    await waitFor(async () =>
      expect((await dutyRows()).map((row) => row.textContent)).toEqual([
        'Wednesday 3 September 2025CompletedWith Bob Stone',
        'Monday 8 September 2025TodaySolo duty',
        'Wednesday 10 September 2025With Unknown',
        'Out of termInset break, Thu 11 Sep 2025 – Fri 12 Sep 2025',
        'Monday 15 September 2025With Ann Lee and Bob Stone',
      ]),
    );
    // The breaks are no duty days.
    expect(within(dutiesRegion()).getByText('4 duty days')).toBeInTheDocument();
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

  it('finds a staff member’s own record, by email too, among colleagues sent without email or account', async () => {
    // docs/product.md#what-people-see-of-each-other: staff get their own record whole, and of
    // colleagues only the id, name, whether active and Teaching or Non-Teaching.
    renderPage({
      user: {
        body: currentUser({
          user: { id: 'u-7', role: 'staff', email: 'ann.lee@hillside.example' },
        }),
      },
      staff: {
        body: [bob, cat, ann, ada, abe].map((p) => (p === ann ? p : colleagueAsStaffSee(p))),
      },
    });

    await dutyRows();
    expect(selectedName()).toBe('Ann Lee');
    expect(within(dutiesRegion()).getByText('2 duty days')).toBeInTheDocument();

    await user.click(staffSelect());
    const options = Array.from(document.querySelectorAll('.ant-select-item-option')).map(
      (option) => option.textContent,
    );
    expect(options).toEqual(['Abe Young', 'Ada Admin', 'Ann Lee', 'Bob Stone']);
  });

  it('asks whose rota to show when the signed-in user has no staff record', async () => {
    renderPage({
      user: { body: currentUser({ user: { id: 'u-7', email: 'office@hillside.example' } }) },
      staff: { body: [bob, ann] },
    });

    // Nobody else's duties passed off as theirs: no one picked, a prompt instead of a list.
    expect(
      await within(dutiesRegion()).findByText('Choose a staff member to see their rota.'),
    ).toBeInTheDocument();
    expect(selectedName()).toBe('Choose a staff member');
    expect(screen.queryByRole('list', { name: 'Duty days' })).not.toBeInTheDocument();
    expect(within(dutiesRegion()).queryByRole('button', { name: 'Export to Calendar' })).toBeNull();

    await user.click(staffSelect());
    await user.click(await screen.findByTitle('Bob Stone'));

    expect(selectedName()).toBe('Bob Stone');
    expect(await dutyRows()).toHaveLength(3);
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

  it('on a wide screen, shows the count and the export beside the title', async () => {
    renderPage();
    await dutyRows();

    const head = cardHead();
    expect(within(head).getByText('4 duty days')).toBeInTheDocument();
    expect(head).toContainElement(exportButton());
  });

  it('on a phone, opens the card with the count and the export, leaving the title its line', async () => {
    stubScreenWidth(390);
    renderPage();
    const list = await screen.findByRole('list', { name: 'Duty days' });

    // antd's card head keeps its title on one line and squeezes it to make room for what is
    // beside it: at 390 px "Duty Assignments" was cut to "Duty", under the count.
    const head = cardHead();
    expect(head.textContent).toBe('Duty Assignments');
    const count = within(dutiesRegion()).getByText('4 duty days');
    for (const first of [count, exportButton()]) {
      expect(first.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING).toBe(
        Node.DOCUMENT_POSITION_FOLLOWING,
      );
    }
  });

  describe('Export to Calendar', () => {
    let caught: ReturnType<typeof catchDownloads>;

    beforeEach(() => {
      caught = catchDownloads();
    });

    afterEach(() => {
      caught.restore();
    });

    it('is disabled, and the Outlook guides are hidden, when the person has no duties', async () => {
      renderPage({ rota: { body: [] } });

      expect(await screen.findByText('No duties this academic year')).toBeInTheDocument();
      expect(exportButton()).toBeDisabled();
      expect(screen.queryByRole('region', { name: 'Import into Outlook' })).not.toBeInTheDocument();
    });

    it('downloads the person’s duties as duty-rota-{name}.ics, one all-day event per duty', async () => {
      renderPage();
      const rows = await dutyRows();
      expect(exportButton()).toBeEnabled();

      await user.click(exportButton());

      await waitFor(() => expect(caught.downloads).toHaveLength(1));
      const [download] = caught.downloads as [Download];
      expect(download.fileName).toBe('duty-rota-Ada Admin.ics');
      expect(download.blob.type).toBe('text/calendar;charset=utf-8');

      const calendar = new ICAL.Component(ICAL.parse(await readText(download.blob)));
      const events = calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
      expect(events).toHaveLength(rows.length);
      expect(
        events.map((event) => ({
          summary: event.summary,
          date: event.startDate.toString(),
          allDay: event.startDate.isDate,
          company: event.description,
        })),
      ).toEqual([
        {
          summary: 'Duty Manager - Ada Admin',
          date: '2025-09-03',
          allDay: true,
          company: 'With Bob Stone',
        },
        {
          summary: 'Duty Manager - Ada Admin',
          date: '2025-09-08',
          allDay: true,
          company: 'Solo duty',
        },
        {
          summary: 'Duty Manager - Ada Admin',
          date: '2025-09-10',
          allDay: true,
          company: 'With Unknown',
        },
        {
          summary: 'Duty Manager - Ada Admin',
          date: '2025-09-15',
          allDay: true,
          company: 'With Ann Lee and Bob Stone',
        },
      ]);
      // The page lists the same days.
      expect(rows.map((row) => row.querySelector('time')?.getAttribute('dateTime'))).toEqual(
        events.map((event) => event.startDate.toString()),
      );
      await waitFor(() => expect(exportButton()).not.toHaveClass('ant-btn-loading'));
    });

    it('exports whoever is picked', async () => {
      renderPage();
      await dutyRows();
      await user.click(staffSelect());
      await user.click(await screen.findByTitle('Bob Stone'));

      await user.click(exportButton());

      await waitFor(() => expect(caught.downloads).toHaveLength(1));
      const [download] = caught.downloads as [Download];
      expect(download.fileName).toBe('duty-rota-Bob Stone.ics');
      const calendar = new ICAL.Component(ICAL.parse(await readText(download.blob)));
      expect(
        calendar
          .getAllSubcomponents('vevent')
          .map((vevent) => vevent.getFirstPropertyValue('summary')),
      ).toEqual([
        'Duty Manager - Bob Stone',
        'Duty Manager - Bob Stone',
        'Duty Manager - Bob Stone',
      ]);
    });

    it('says when the file cannot be made', async () => {
      Object.defineProperty(URL, 'createObjectURL', {
        configurable: true,
        value: () => {
          throw new Error('Out of memory');
        },
      });
      renderPage();
      await dutyRows();

      await user.click(exportButton());

      const alert = await screen.findByRole('alert');
      expect(within(alert).getByText('Error')).toBeInTheDocument();
      expect(within(alert).getByText('Failed to export the calendar file')).toBeInTheDocument();
      expect(caught.downloads).toHaveLength(0);
    });

    it('shows step-by-step Outlook guides for desktop, web and mobile when there are duties', async () => {
      renderPage();
      await dutyRows();

      const guides = screen.getByRole('region', { name: 'Import into Outlook' });
      expect(within(guides).getByText(/An exported file is a snapshot/)).toBeInTheDocument();
      const tabs = within(guides)
        .getAllByRole('tab')
        .map((tab) => tab.textContent);
      expect(tabs).toEqual(['Outlook desktop', 'Outlook on the web', 'Outlook mobile']);

      const desktop = within(guides).getByRole('list', {
        name: 'Import steps for Outlook desktop',
      });
      expect(
        within(desktop)
          .getAllByRole('listitem')
          .map((step) => step.textContent),
      ).toEqual([
        'Click Export to Calendar to download duty-rota-Ada Admin.ics.',
        'In Outlook for Windows, choose File > Open & Export > Import/Export.',
        'Choose Import an iCalendar (.ics) or vCalendar file (.vcs) and select Next.',
        'Select the downloaded file and choose Import to add the duties to your calendar, or Open as New to keep them in a separate calendar.',
      ]);

      await user.click(within(guides).getByRole('tab', { name: 'Outlook on the web' }));
      const web = await within(guides).findByRole('list', {
        name: 'Import steps for Outlook on the web',
      });
      expect(within(web).getByText(/Add calendar > Upload from file/)).toBeInTheDocument();

      await user.click(within(guides).getByRole('tab', { name: 'Outlook mobile' }));
      const mobile = await within(guides).findByRole('list', {
        name: 'Import steps for Outlook mobile',
      });
      expect(within(mobile).getByText(/Subscribe from web/)).toBeInTheDocument();
      expect(
        within(guides).getByText("Outlook for iOS and Android can't import .ics files directly."),
      ).toBeInTheDocument();
    });
  });

  describe('duties of every kind (docs/product.md#duties)', () => {
    const instructions = 'Open the side door at 12:25.\nQueue by year group.';
    const lunch = otherDuty({ description: instructions });
    const mine: MyDutyDto[] = [
      myDuty('2025-09-03', dutyManagerDuty(), 2),
      myDuty('2025-09-08', dutyManagerDuty()),
      myDuty('2025-09-08', lunch),
      myDuty('2025-09-09', lunch),
      myDuty('2025-09-10', dutyManagerDuty()),
      myDuty('2025-09-15', dutyManagerDuty()),
    ];

    function myDuty(date: string, duty: DutyDto, position = 1): MyDutyDto {
      return {
        date,
        dutyId: duty.id,
        isDutyManager: duty.isDutyManager,
        name: duty.name,
        place: duty.place,
        startTime: duty.startTime,
        endTime: duty.endTime,
        description: duty.description || null,
        position,
      };
    }

    it('shows a school with the Duty Manager duty alone the same list, without asking for every kind', async () => {
      const { fetchMock } = renderPage({
        duties: { body: [dutyManagerDuty()] },
        mine: { body: mine },
      });

      expect((await dutyRows()).map((row) => row.textContent)).toEqual([
        'Wednesday 3 September 2025CompletedWith Bob Stone',
        'Monday 8 September 2025TodaySolo duty',
        'Wednesday 10 September 2025With Unknown',
        'Monday 15 September 2025With Ann Lee and Bob Stone',
      ]);
      expect(within(dutiesRegion()).getByText('4 duty days')).toBeInTheDocument();
      expect(callCount(fetchMock, 'GET /api/duties')).toBe(1);
      expect(callCount(fetchMock, 'GET /api/rota/mine')).toBe(0);
    });

    it('lists each of your duties with its place, times and what the post involves', async () => {
      const { fetchMock } = renderPage({
        duties: { body: [dutyManagerDuty(), lunch] },
        mine: { body: mine },
      });

      const rows = await dutyRows();
      expect(rows.map((row) => row.textContent)).toEqual([
        'Wednesday 3 September 2025CompletedWith Bob StoneDuty Manager · All day',
        'Monday 8 September 2025TodaySolo dutyDuty Manager · All day',
        `Monday 8 September 2025TodayLunch — Canteen · 12:30–13:10${instructions}`,
        `Tuesday 9 September 2025Lunch — Canteen · 12:30–13:10${instructions}`,
        'Wednesday 10 September 2025With UnknownDuty Manager · All day',
        'Monday 15 September 2025With Ann Lee and Bob StoneDuty Manager · All day',
      ]);
      expect(within(rows[3]!).getByText('Lunch — Canteen · 12:30–13:10')).toBeVisible();
      // The instructions keep their lines.
      expect(within(rows[3]!).getByText(/Open the side door at 12:25\./)).toHaveStyle({
        whiteSpace: 'pre-line',
      });
      expect(within(dutiesRegion()).getByText('5 duty days')).toBeInTheDocument();
      const asked = fetchMock.mock.calls
        .map(([input]) => new URL(String(input), 'http://localhost'))
        .filter((url) => url.pathname === '/api/rota/mine')
        .map((url) => Object.fromEntries(url.searchParams));
      expect(asked).toEqual([{ startDate: '2025-09-01', endDate: '2026-08-31' }]);
    });

    it('shows a duty moved to its wet-weather post on a wet day at that post, with a Wet day tag', async () => {
      renderPage({
        duties: { body: [dutyManagerDuty(), lunch] },
        mine: {
          body: [
            { ...myDuty('2025-09-08', lunch), place: 'Hall', wet: true, dryPlace: 'Canteen' },
            myDuty('2025-09-09', lunch),
          ],
        },
      });

      const rows = await dutyRows();
      expect(rows.map((row) => row.textContent)).toEqual([
        `Monday 8 September 2025TodayLunch — Hall · 12:30–13:10Wet day${instructions}`,
        `Tuesday 9 September 2025Lunch — Canteen · 12:30–13:10${instructions}`,
      ]);
      expect(within(rows[1]!).queryByText('Wet day')).not.toBeInTheDocument();
    });

    it('exports every duty listed: the timed ones at their times in the school’s zone (docs/product.md#export-to-calendar)', async () => {
      const caught = catchDownloads();
      try {
        renderPage({ duties: { body: [dutyManagerDuty(), lunch] }, mine: { body: mine } });
        await dutyRows();
        await user.click(exportButton());
        await waitFor(() => expect(caught.downloads).toHaveLength(1));
        const text = await readText((caught.downloads as [Download])[0].blob);
        const events = new ICAL.Component(ICAL.parse(text))
          .getAllSubcomponents('vevent')
          .map((vevent) => {
            const start = vevent.getFirstPropertyValue('dtstart') as ICAL.Time;
            return [
              vevent.getFirstPropertyValue('summary'),
              start.isDate ? start.toString() : start.toJSDate().toISOString(),
            ];
          });
        // September in London is British Summer Time: 12:30 there is 11:30 UTC.
        expect(events).toEqual([
          ['Duty Manager - Ada Admin', '2025-09-03'],
          ['Duty Manager - Ada Admin', '2025-09-08'],
          ['Lunch — Canteen', '2025-09-08T11:30:00.000Z'],
          ['Lunch — Canteen', '2025-09-09T11:30:00.000Z'],
          ['Duty Manager - Ada Admin', '2025-09-10'],
          ['Duty Manager - Ada Admin', '2025-09-15'],
        ]);
      } finally {
        caught.restore();
      }
    });

    it('says so when your duties fail to load, and loads them again on retry', async () => {
      const user = setupUser();
      const { fetchMock } = renderPage({
        duties: { body: [dutyManagerDuty(), lunch] },
        mine: [{ status: 500, body: { message: 'Boom' } }, { body: mine }],
      });

      await user.click(await screen.findByRole('button', { name: /retry/i }));
      expect((await dutyRows()).map((row) => row.textContent)).toContain(
        `Tuesday 9 September 2025Lunch — Canteen · 12:30–13:10${instructions}`,
      );
      expect(callCount(fetchMock, 'GET /api/rota/mine')).toBe(2);
    });

    /** The queries of GET /api/rota/mine, in order. */
    const askedMine = (fetchMock: ReturnType<typeof stubFetch>) =>
      fetchMock.mock.calls
        .map(([input]) => new URL(String(input), 'http://localhost'))
        .filter((url) => url.pathname === '/api/rota/mine')
        .map((url) => Object.fromEntries(url.searchParams));

    it("shows an admin or a manager a colleague's duties of every kind, asked for by staffId", async () => {
      const user = setupUser();
      // Ann on the Duty Manager duty on the 12th and 15th (with colleagues), at lunch on the 9th.
      const anns: MyDutyDto[] = [
        myDuty('2025-09-09', lunch),
        myDuty('2025-09-12', dutyManagerDuty()),
        myDuty('2025-09-15', dutyManagerDuty(), 2),
      ];
      const { fetchMock } = renderPage(
        { duties: { body: [dutyManagerDuty(), lunch] }, mine: [{ body: mine }, { body: anns }] },
        undefined,
        'manager',
      );
      await dutyRows();

      await user.click(staffSelect());
      await user.click(await screen.findByTitle('Ann Lee'));

      await waitFor(async () =>
        expect((await dutyRows()).map((row) => row.textContent)).toEqual([
          `Tuesday 9 September 2025Lunch — Canteen · 12:30–13:10${instructions}`,
          'Friday 12 September 2025With Bob StoneDuty Manager · All day',
          'Monday 15 September 2025With Ada Admin and Bob StoneDuty Manager · All day',
        ]),
      );
      expect(within(dutiesRegion()).getByText('3 duty days')).toBeInTheDocument();
      expect(askedMine(fetchMock)).toEqual([
        { startDate: '2025-09-01', endDate: '2026-08-31' },
        { startDate: '2025-09-01', endDate: '2026-08-31', staffId: 's-2' },
      ]);
    });

    it("shows staff a colleague's Duty Manager days, as before, without asking for theirs", async () => {
      const user = setupUser();
      const { fetchMock } = renderPage(
        { duties: { body: [dutyManagerDuty(), lunch] }, mine: { body: mine } },
        undefined,
        'staff',
      );
      await dutyRows();

      await user.click(staffSelect());
      await user.click(await screen.findByTitle('Ann Lee'));

      await waitFor(async () =>
        expect((await dutyRows()).map((row) => row.textContent)).toEqual([
          'Friday 12 September 2025With Bob Stone',
          'Monday 15 September 2025With Ada Admin and Bob Stone',
        ]),
      );
      expect(askedMine(fetchMock)).toEqual([{ startDate: '2025-09-01', endDate: '2026-08-31' }]);
    });
  });
});
