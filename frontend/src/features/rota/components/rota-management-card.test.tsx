import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { currentWeek } from '@/testing/fixtures';
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
    question: /^Reshuffle the rota from tomorrow to 31 August 2026\?/,
    successTitle: 'Reshuffle Complete',
    failureTitle: 'Reshuffle Failed',
    fallback: 'Failed to reshuffle future dates',
  },
  {
    button: 'Fill Unassigned Dates',
    request: 'POST /api/rota/fill-unassigned',
    body: {},
    question: /^Fill the unassigned duty slots from tomorrow to 31 August 2026\?/,
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

  it("describes the tools over the server's academic year", async () => {
    stubFetch({ 'GET /api/current-week': { body: currentWeek() } });
    renderWithProviders(<RotaManagementCard />);

    expect(
      await within(card()).findByText(
        /^Reassign every duty slot from tomorrow to 31 August 2026, the end of academic year 2025-2026/,
      ),
    ).toBeInTheDocument();
    expect(
      within(card()).getByText(
        'Fill only the empty duty slots from tomorrow to 31 August 2026. Existing assignments stay as they are.',
      ),
    ).toBeInTheDocument();
    expect(
      within(card()).getByText(/^Remove every assignment from today onward/),
    ).toBeInTheDocument();
    expect(toolButton('Clear Rota Assignments')).toHaveClass('ant-btn-dangerous');
  });

  describe.each(TOOLS)('$button', (tool) => {
    it('does nothing when the confirmation is cancelled', async () => {
      const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
      const fetchMock = stubFetch({ 'GET /api/current-week': { body: currentWeek() } });
      renderWithProviders(<RotaManagementCard />);
      await within(card()).findByText(/^Fill only the empty duty slots from tomorrow to 31 August/);

      await user.click(toolButton(tool.button));

      expect(confirm).toHaveBeenCalledTimes(1);
      expect(confirm).toHaveBeenCalledWith(expect.stringMatching(tool.question));
      expect(callCount(fetchMock, tool.request)).toBe(0);
      expect(screen.queryByText(tool.successTitle)).not.toBeInTheDocument();
    });

    it('runs once confirmed and reports what the server did', async () => {
      vi.spyOn(window, 'confirm').mockReturnValue(true);
      const fetchMock = stubFetch({
        'GET /api/current-week': { body: currentWeek() },
        [tool.request]: { body: result('Changed 20 slots on 10 days.') },
      });
      renderWithProviders(<RotaManagementCard />);
      await within(card()).findByText(/^Fill only the empty duty slots from tomorrow to 31 August/);

      await user.click(toolButton(tool.button));

      expect(await screen.findByText(tool.successTitle)).toBeInTheDocument();
      expect(screen.getByText('Changed 20 slots on 10 days.')).toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(callCount(fetchMock, tool.request)).toBe(1);
      // Reshuffle and fill name no end date, so the server plans to the end of the academic
      // year; clear sends no body at all.
      expect(sentBodiesOrNone(fetchMock, tool.request)).toEqual([tool.body]);
    });

    it("shows the server's message when it fails", async () => {
      vi.spyOn(window, 'confirm').mockReturnValue(true);
      stubFetch({
        'GET /api/current-week': { body: currentWeek() },
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
      stubFetch({
        'GET /api/current-week': { body: currentWeek() },
        [tool.request]: { networkError: true },
      });
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
    const fetchMock = stubFetch({ 'GET /api/current-week': { body: currentWeek() } });
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
