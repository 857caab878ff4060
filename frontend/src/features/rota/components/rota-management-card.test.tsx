import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { currentWeek } from '@/testing/fixtures';
import { findToast } from '@/testing/antd-helpers';
import { callCount, renderWithProviders, setupUser, stubFetch } from '@/testing/test-utils';

import type { BulkRotaResultDto, RotaHealthDto } from '../api';
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
  /** The body the tool sends; the clear tool sends none. */
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
    body: {},
    question: /^Reshuffle the rota from tomorrow to 21 July 2026\?/,
    successTitle: 'Reshuffle Complete',
    failureTitle: 'Reshuffle Failed',
    fallback: 'Failed to reshuffle future dates',
  },
  {
    button: 'Fill Unassigned Dates',
    request: 'POST /api/rota/fill-unassigned',
    body: {},
    question: /^Fill the unassigned duty slots from tomorrow to 21 July 2026\?/,
    successTitle: 'Fill Complete',
    failureTitle: 'Fill Failed',
    fallback: 'Failed to fill unassigned dates',
  },
  {
    button: 'Clear Rota Assignments',
    request: 'POST /api/rota/clear-future',
    body: undefined,
    question: /^Clear all rota assignments from today onward\?/,
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

/** GET /api/rota/health: the summer term ends on 21 July 2026, unless told otherwise. */
function health(overrides: Partial<RotaHealthDto> = {}): RotaHealthDto {
  return {
    from: '2025-09-08',
    to: '2026-07-21',
    violations: [],
    unfilledDays: [],
    yearsWithoutTermDates: [],
    ...overrides,
  };
}

function stubCard(overrides: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    'GET /api/current-week': { body: currentWeek() },
    'GET /api/rota/health': { body: health() },
    ...overrides,
  });
}

function card() {
  return screen.getByRole('region', { name: 'Rota Management' });
}

function toolButton(name: string | RegExp) {
  return within(card()).getByRole('button', { name });
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
      within(card()).getByText(/^Remove every assignment from today onward/),
    ).toBeInTheDocument();
    expect(toolButton('Clear Rota Assignments')).toHaveClass('ant-btn-dangerous');
  });

  it('says when the year has no term dates: to 31 August, and where to set them', async () => {
    stubCard({
      'GET /api/rota/health': {
        body: health({ to: '2026-08-31', yearsWithoutTermDates: ['2025-2026'] }),
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

  it('names the end of the summer term in words until the server has said when it is', async () => {
    stubCard({
      'GET /api/rota/health': {
        status: 500,
        body: { statusCode: 500, error: 'Error', message: 'Something went wrong' },
      },
    });
    renderWithProviders(<RotaManagementCard />);

    expect(
      await within(card()).findByText(
        'Fill only the empty duty slots from tomorrow to the end of the summer term. Existing assignments stay as they are.',
      ),
    ).toBeInTheDocument();
  });

  describe.each(TOOLS)('$button', (tool) => {
    it('does nothing when the confirmation is cancelled', async () => {
      const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
      const fetchMock = stubCard();
      renderWithProviders(<RotaManagementCard />);
      await within(card()).findByText(/^Fill only the empty duty slots from tomorrow to 21 July/);

      await user.click(toolButton(tool.button));

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

      await user.click(toolButton(tool.button));

      expect(await screen.findByText(tool.successTitle)).toBeInTheDocument();
      expect(screen.getByText('Changed 20 slots on 10 days.')).toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(callCount(fetchMock, tool.request)).toBe(1);
      // Reshuffle and fill name no end date, so the server plans to the end of the summer
      // term; clear sends no body at all.
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

      await user.click(toolButton(tool.button));

      const alert = await screen.findByRole('alert');
      expect(within(alert).getByText(tool.failureTitle)).toBeInTheDocument();
      expect(within(alert).getByText('Another bulk change is running')).toBeInTheDocument();
    });

    it('falls back to a fixed message when the server gives none', async () => {
      vi.spyOn(window, 'confirm').mockReturnValue(true);
      stubCard({ [tool.request]: { networkError: true } });
      renderWithProviders(<RotaManagementCard />);

      await user.click(toolButton(tool.button));

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

    await user.click(toolButton('Fill Unassigned Dates'));

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
    await user.click(toolButton(tool.button));
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
    expect(sentBodiesOrNone(fetchMock, tool.request)).toEqual([{}, { allWeekdays: true }]);
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
