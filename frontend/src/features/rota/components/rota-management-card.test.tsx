import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { choose, findToast } from '@/testing/antd-helpers';
import { academicYear, academicYears } from '@/testing/fixtures';
import { callCount, renderWithProviders, setupUser, stubFetch } from '@/testing/test-utils';

import type { BulkRotaResultDto } from '../api';
import { RotaManagementCard } from './rota-management-card';

function result(message: string): BulkRotaResultDto {
  return {
    startDate: '2025-09-09',
    endDate: '2026-08-31',
    changedDays: 10,
    changedSlots: 20,
    unfilledSlots: 0,
    message,
  };
}

interface ToolCase {
  button: string;
  request: string;
  /** The body the tool sends: the academic year chosen. */
  body: unknown;
  question: RegExp;
  successTitle: string;
  failureTitle: string;
  fallback: string;
}

const TOOLS: ToolCase[] = [
  {
    button: 'Reshuffle Future Dates',
    request: 'POST /api/rota/reshuffle-future',
    body: { academicYear: 2025 },
    question: /^Reshuffle the rota from tomorrow to 21 July 2026\?/,
    successTitle: 'Reshuffle Complete',
    failureTitle: 'Reshuffle Failed',
    fallback: 'Failed to reshuffle future dates',
  },
  {
    button: 'Fill Unassigned Dates',
    request: 'POST /api/rota/fill-unassigned',
    body: { academicYear: 2025 },
    question: /^Fill the unassigned duty slots from tomorrow to 21 July 2026\?/,
    successTitle: 'Fill Complete',
    failureTitle: 'Fill Failed',
    fallback: 'Failed to fill unassigned dates',
  },
  {
    button: 'Clear Rota Assignments',
    request: 'POST /api/rota/clear-future',
    body: { academicYear: 2025 },
    question: /^Clear all rota assignments of 2025-2026, from today to 31 August 2026\?/,
    successTitle: 'Rota Cleared',
    failureTitle: 'Clear Failed',
    fallback: 'Failed to clear rota assignments',
  },
];

/** The parsed JSON bodies sent for `POST /path`, `undefined` for a request without one. */
function sentBodiesOrNone(fetchMock: ReturnType<typeof stubFetch>, request: string): unknown[] {
  const path = request.replace(/^POST /, '');
  return fetchMock.mock.calls
    .filter(([input, init]) => init?.method === 'POST' && String(input).endsWith(path))
    .map(([, init]) => (init?.body === undefined ? undefined : JSON.parse(String(init.body))));
}

function stubCard(overrides: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    'GET /api/academic-years': { body: academicYears() },
    ...overrides,
  });
}

function card() {
  return screen.getByRole('region', { name: 'Rota Management' });
}

function toolButton(name: string | RegExp) {
  return within(card()).getByRole('button', { name });
}

/** A tool's button once the card has loaded the academic years. */
function findTool(name: string) {
  return within(card()).findByRole('button', { name });
}

describe('Rota Management card', () => {
  let user: UserEvent;

  beforeEach(() => {
    user = setupUser();
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("describes the tools up to the server's end of the summer term", async () => {
    stubCard();
    renderWithProviders(<RotaManagementCard />);

    expect(
      await within(card()).findByText(
        /^Reassign every duty slot from tomorrow to 21 July 2026, the end of the summer term,/,
      ),
    ).toBeInTheDocument();
    expect(
      within(card()).getByText(
        'Fill only the empty duty slots from tomorrow to 21 July 2026, the end of the summer term. Existing assignments stay as they are.',
      ),
    ).toBeInTheDocument();
    expect(within(card()).queryByRole('note')).not.toBeInTheDocument();
    expect(
      within(card()).getByText(
        'Remove every assignment of 2025-2026, from today to 31 August 2026, leaving those days empty. Past days keep their record.',
      ),
    ).toBeInTheDocument();
    expect(toolButton('Clear Rota Assignments')).toHaveClass('ant-btn-dangerous');
  });

  it('says when the year has no term dates: to 31 August, and where to set them', async () => {
    stubCard({
      'GET /api/academic-years': {
        body: academicYears({
          years: [
            academicYear(2025, { hasTermDates: false, summerTermEnd: null, planTo: '2026-08-31' }),
            academicYear(2026),
          ],
        }),
      },
    });
    const { router } = renderWithProviders(<RotaManagementCard />, '/staff');

    expect(
      await within(card()).findByText(
        /^Reassign every duty slot from tomorrow to 31 August 2026, the end of academic year 2025-2026,/,
      ),
    ).toBeInTheDocument();
    const note = within(card()).getByRole('note');
    expect(note).toHaveTextContent(
      'No term dates are set for 2025-2026: Fill and Reshuffle will ask before planning every weekday, the holidays between terms included.',
    );

    await user.click(within(note).getByRole('link', { name: 'Set term dates' }));

    expect(router.state.location.pathname).toBe('/holidays');
    expect(router.state.location.hash).toBe('#term-dates');
  });

  it("starts on next year once this year's summer term is over, plans it from 1 September, and switches back to this year", async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const fetchMock = stubCard({
      'GET /api/academic-years': {
        body: academicYears({
          today: '2026-08-27',
          planning: 2026,
          years: [
            academicYear(2025, { planFrom: '2026-08-28', planTo: '2026-08-31' }),
            academicYear(2026, { planFrom: '2026-09-01', planTo: '2027-07-21' }),
          ],
        }),
      },
      'POST /api/rota/fill-unassigned': { body: result('Filled 388 slots on 194 days.') },
    });
    renderWithProviders(<RotaManagementCard />);

    expect(
      await within(card()).findByText(
        'Fill only the empty duty slots from 1 September 2026 to 21 July 2027, the end of the summer term. Existing assignments stay as they are.',
      ),
    ).toBeInTheDocument();
    const years = within(card()).getByRole('radiogroup', { name: 'Academic year' });
    expect(within(years).getByRole('radio', { name: '2026-2027' })).toBeChecked();
    expect(
      within(card()).getByText(
        'Remove every assignment of 2026-2027, from 1 September 2026 to 31 August 2027, leaving those days empty. Past days keep their record.',
      ),
    ).toBeInTheDocument();

    await user.click(await findTool('Fill Unassigned Dates'));
    expect(await screen.findByText('Fill Complete')).toBeInTheDocument();

    await user.click(within(years).getByRole('radio', { name: '2025-2026' }));
    expect(
      within(card()).getByText(
        'Fill only the empty duty slots from tomorrow to 31 August 2026, the end of academic year 2025-2026. Existing assignments stay as they are.',
      ),
    ).toBeInTheDocument();
    await user.click(await findTool('Fill Unassigned Dates'));

    await waitFor(() =>
      expect(sentBodiesOrNone(fetchMock, 'POST /api/rota/fill-unassigned')).toEqual([
        { academicYear: 2026 },
        { academicYear: 2025 },
      ]),
    );
  });

  it('says when the academic years could not be loaded, and tries again', async () => {
    stubCard({
      'GET /api/academic-years': [
        { status: 500, body: { statusCode: 500, error: 'Error', message: 'Something went wrong' } },
        { body: academicYears() },
      ],
    });
    renderWithProviders(<RotaManagementCard />);

    expect(screen.getByRole('status', { name: 'Loading the academic years' })).toBeInTheDocument();
    expect(
      await within(card()).findByText('Failed to load the academic years'),
    ).toBeInTheDocument();
    expect(
      within(card()).queryByRole('button', { name: 'Fill Unassigned Dates' }),
    ).not.toBeInTheDocument();

    await user.click(within(card()).getByRole('button', { name: 'Retry' }));

    expect(
      await within(card()).findByText(
        'Fill only the empty duty slots from tomorrow to 21 July 2026, the end of the summer term. Existing assignments stay as they are.',
      ),
    ).toBeInTheDocument();
  });

  it('says before a reshuffle that approved swaps and changes made by hand are undone too', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    stubCard();
    renderWithProviders(<RotaManagementCard />);
    await within(card()).findByText(/^Fill only the empty duty slots from tomorrow to 21 July/);

    await user.click(await findTool('Reshuffle Future Dates'));

    expect(confirm).toHaveBeenCalledWith(
      'Reshuffle the rota from tomorrow to 21 July 2026? Every duty slot in that period will be reassigned, so existing assignments may change. Approved swaps and covers, and changes made by hand on the rota, are not kept: they are planned afresh too.',
    );
  });

  describe.each(TOOLS)('$button', (tool) => {
    it('does nothing when the confirmation is cancelled', async () => {
      const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
      const fetchMock = stubCard();
      renderWithProviders(<RotaManagementCard />);
      await within(card()).findByText(/^Fill only the empty duty slots from tomorrow to 21 July/);

      await user.click(await findTool(tool.button));

      expect(confirm).toHaveBeenCalledTimes(1);
      expect(confirm).toHaveBeenCalledWith(expect.stringMatching(tool.question));
      expect(callCount(fetchMock, tool.request)).toBe(0);
      expect(screen.queryByText(tool.successTitle)).not.toBeInTheDocument();
    });

    it('runs once confirmed and reports what the server did', async () => {
      vi.spyOn(window, 'confirm').mockReturnValue(true);
      const fetchMock = stubCard({
        [tool.request]: { body: result('Changed 20 slots on 10 days.') },
      });
      renderWithProviders(<RotaManagementCard />);
      await within(card()).findByText(/^Fill only the empty duty slots from tomorrow to 21 July/);

      await user.click(await findTool(tool.button));

      expect(await screen.findByText(tool.successTitle)).toBeInTheDocument();
      expect(screen.getByText('Changed 20 slots on 10 days.')).toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(callCount(fetchMock, tool.request)).toBe(1);
      // Each names the year chosen and no end date, so the server plans to the end of its
      // summer term.
      expect(sentBodiesOrNone(fetchMock, tool.request)).toEqual([tool.body]);
    });

    it("shows the server's message when it fails", async () => {
      vi.spyOn(window, 'confirm').mockReturnValue(true);
      stubCard({
        [tool.request]: {
          status: 409,
          body: { statusCode: 409, error: 'Conflict', message: 'Another bulk change is running' },
        },
      });
      renderWithProviders(<RotaManagementCard />);

      await user.click(await findTool(tool.button));

      const alert = await screen.findByRole('alert');
      expect(within(alert).getByText(tool.failureTitle)).toBeInTheDocument();
      expect(within(alert).getByText('Another bulk change is running')).toBeInTheDocument();
    });

    it('falls back to a fixed message when the server gives none', async () => {
      vi.spyOn(window, 'confirm').mockReturnValue(true);
      stubCard({ [tool.request]: { networkError: true } });
      renderWithProviders(<RotaManagementCard />);

      await user.click(await findTool(tool.button));

      const alert = await screen.findByRole('alert');
      expect(within(alert).getByText(tool.failureTitle)).toBeInTheDocument();
      expect(within(alert).getByText(tool.fallback)).toBeInTheDocument();
    });
  });

  it('shows the running tool as busy and disables the others until it is done', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    let finish: (response: Response) => void = () => undefined;
    const fetchMock = stubCard();
    const stubbed = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation((input, init) => {
      if (init?.method === 'POST') {
        return new Promise<Response>((resolve) => {
          finish = resolve;
        });
      }
      return stubbed(input, init);
    });
    renderWithProviders(<RotaManagementCard />);

    await user.click(await findTool('Fill Unassigned Dates'));

    // antd's spinner is named "loading", so the running button reads "loading Fill Unassigned Dates".
    expect(toolButton(/Fill Unassigned Dates/)).toHaveClass('ant-btn-loading');
    expect(toolButton('Reshuffle Future Dates')).toBeDisabled();
    expect(toolButton('Clear Rota Assignments')).toBeDisabled();

    finish(
      new Response(JSON.stringify(result('Filled 4 slots.')), {
        headers: { 'Content-Type': 'application/json' },
      }),
    );

    expect(await screen.findByText('Fill Complete')).toBeInTheDocument();
    await waitFor(() => expect(toolButton('Reshuffle Future Dates')).toBeEnabled());
    expect(toolButton('Clear Rota Assignments')).toBeEnabled();
    expect(toolButton('Fill Unassigned Dates')).not.toHaveClass('ant-btn-loading');
  });
});

describe.each(TOOLS.slice(0, 2))('$button without term dates', (tool) => {
  const MISSING = {
    status: 409,
    body: {
      statusCode: 409,
      error: 'Conflict',
      code: 'term_dates_missing',
      message:
        'No term dates are set for 2025-2026: set them first so that the holidays between terms stay free, or plan every weekday instead',
    },
  };
  let user: UserEvent;

  beforeEach(() => {
    user = setupUser();
    vi.spyOn(window, 'confirm').mockReturnValue(true);
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  async function refused(): Promise<HTMLElement> {
    await user.click(await findTool(tool.button));
    return screen.findByRole('dialog', { name: 'Term dates needed' });
  }

  it("says so in the server's words, and plans every weekday when asked", async () => {
    const fetchMock = stubCard({
      [tool.request]: [MISSING, { body: result('Filled 300 slots on 150 days.') }],
    });
    renderWithProviders(<RotaManagementCard />);

    const dialog = await refused();
    expect(dialog).toHaveTextContent(
      'No term dates are set for 2025-2026: set them first so that the holidays between terms stay free, or plan every weekday instead',
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Plan every weekday' }));

    const toast = await findToast('status', tool.successTitle);
    expect(toast).toHaveTextContent('Filled 300 slots on 150 days.');
    expect(sentBodiesOrNone(fetchMock, tool.request)).toEqual([
      { academicYear: 2025 },
      { academicYear: 2025, allWeekdays: true },
    ]);
    // Asked once: choosing in the dialog is the confirmation.
    expect(window.confirm).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('links to the term dates instead, running nothing more', async () => {
    const fetchMock = stubCard({ [tool.request]: MISSING });
    const { router } = renderWithProviders(<RotaManagementCard />, '/staff');

    const dialog = await refused();
    const link = within(dialog).getByRole('link', { name: 'Set term dates' });
    expect(link).toHaveAttribute('href', '/holidays#term-dates');

    await user.click(link);

    expect(router.state.location.pathname).toBe('/holidays');
    expect(router.state.location.hash).toBe('#term-dates');
    expect(callCount(fetchMock, tool.request)).toBe(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('does nothing more when cancelled', async () => {
    const fetchMock = stubCard({ [tool.request]: MISSING });
    renderWithProviders(<RotaManagementCard />);

    const dialog = await refused();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callCount(fetchMock, tool.request)).toBe(1);
    expect(screen.queryByText(tool.successTitle)).not.toBeInTheDocument();
  });

  it("shows the server's refusal of every weekday too", async () => {
    stubCard({
      [tool.request]: [
        MISSING,
        {
          status: 409,
          body: { statusCode: 409, error: 'Conflict', message: 'Another bulk change is running' },
        },
      ],
    });
    renderWithProviders(<RotaManagementCard />);

    const dialog = await refused();
    await user.click(within(dialog).getByRole('button', { name: 'Plan every weekday' }));

    const alert = await findToast('alert', tool.failureTitle);
    expect(alert).toHaveTextContent('Another bulk change is running');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('Rota Management card, for a school that runs several duties', () => {
  let user: UserEvent;

  beforeEach(() => {
    user = setupUser();
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  const duty = (id: string, name: string, extra: Record<string, unknown> = {}) => ({
    id,
    isDutyManager: id === 'd-1',
    name,
    place: null,
    description: '',
    startTime: null,
    endTime: null,
    weekdays: [],
    eligible: 'everyone',
    weight: 60,
    pairsTeaching: false,
    paused: false,
    sortOrder: 0,
    groupIds: [],
    staffIds: [],
    ...extra,
  });
  const duties = [
    duty('d-1', 'Duty Manager'),
    duty('d-2', 'Lunch', { place: 'Canteen' }),
    duty('d-3', 'Library', { paused: true }),
  ];

  it('plans every running duty together by default, or the one chosen', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const fetchMock = stubCard({
      'GET /api/duties': { body: duties },
      'POST /api/rota/fill-unassigned': { body: result('Filled 20 slots on 10 days.') },
    });
    renderWithProviders(<RotaManagementCard />);

    const choice = await within(card()).findByRole('combobox', { name: 'Duties to plan' });
    await user.click(await findTool('Fill Unassigned Dates'));
    expect(await screen.findByText('Filled 20 slots on 10 days.')).toBeInTheDocument();

    expect(choice).toBeInTheDocument();
    await choose(user, card(), 'Duties to plan', 'Lunch — Canteen');
    // Paused duties are not offered.
    expect(screen.queryByTitle('Library')).toBeNull();
    await user.click(toolButton('Fill Unassigned Dates'));
    await waitFor(() => expect(callCount(fetchMock, 'POST /api/rota/fill-unassigned')).toBe(2));
    expect(sentBodiesOrNone(fetchMock, 'POST /api/rota/fill-unassigned')).toEqual([
      { academicYear: 2025, dutyIds: ['d-1', 'd-2'] },
      { academicYear: 2025, dutyIds: ['d-2'] },
    ]);
  });

  it('offers no choice to a school whose only duty is the Duty Manager, and sends the spec’s request', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const fetchMock = stubCard({
      'GET /api/duties': { body: [duties[0]] },
      'POST /api/rota/reshuffle-future': { body: result('Changed 20 slots on 10 days.') },
    });
    renderWithProviders(<RotaManagementCard />);

    await user.click(await findTool('Reshuffle Future Dates'));
    expect(await screen.findByText('Changed 20 slots on 10 days.')).toBeInTheDocument();
    expect(within(card()).queryByRole('combobox', { name: 'Duties to plan' })).toBeNull();
    expect(sentBodiesOrNone(fetchMock, 'POST /api/rota/reshuffle-future')).toEqual([
      { academicYear: 2025 },
    ]);
  });
});
