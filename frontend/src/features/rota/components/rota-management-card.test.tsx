import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { choose, findToast } from '@/testing/antd-helpers';
import { academicYear, academicYears } from '@/testing/fixtures';
import { callCount, renderWithProviders, setupUser, stubFetch } from '@/testing/test-utils';

import type { BulkPreviewResultDto, BulkRotaResultDto } from '../api';
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

/** What the server's preview answers: two changes for two people. */
function previewOf(overrides: Partial<BulkPreviewResultDto> = {}): BulkPreviewResultDto {
  return {
    startDate: '2025-09-09',
    endDate: '2026-07-21',
    changedDays: 2,
    changedSlots: 2,
    unfilledSlots: 0,
    message: '2 changes for 2 people.',
    changes: [
      {
        date: '2025-09-10',
        dutyId: 'd-1',
        dutyName: 'Duty Manager',
        position: 1,
        from: { id: 's-1', name: 'Ann Archer' },
        to: { id: 's-2', name: 'Bob Baker' },
      },
      {
        date: '2025-09-11',
        dutyId: 'd-1',
        dutyName: 'Duty Manager',
        position: 2,
        from: null,
        to: { id: 's-2', name: 'Bob Baker' },
      },
    ],
    people: 2,
    largestGap: null,
    ...overrides,
  };
}

const PREVIEW = 'POST /api/rota/preview';

interface ToolCase {
  button: string;
  request: string;
  /** The body the tool sends: the academic year chosen. */
  body: unknown;
  /** The tool its preview shows first, and the preview dialog's button that applies it. */
  tool: string;
  dialog: string;
  apply: string;
  successTitle: string;
  failureTitle: string;
  fallback: string;
}

const TOOLS: ToolCase[] = [
  {
    button: 'Reshuffle Future Dates',
    // Rebalance is the reshuffle button's default (docs/product.md#bulk-tools).
    request: 'POST /api/rota/rebalance',
    body: { academicYear: 2025 },
    tool: 'rebalance',
    dialog: 'Reshuffle Future Dates',
    apply: 'Rebalance',
    successTitle: 'Rebalance Complete',
    failureTitle: 'Rebalance Failed',
    fallback: 'Failed to rebalance the rota',
  },
  {
    button: 'Fill Unassigned Dates',
    request: 'POST /api/rota/fill-unassigned',
    body: { academicYear: 2025 },
    tool: 'fill',
    dialog: 'Fill Unassigned Dates',
    apply: 'Fill the empty slots',
    successTitle: 'Fill Complete',
    failureTitle: 'Fill Failed',
    fallback: 'Failed to fill unassigned dates',
  },
  {
    button: 'Clear Rota Assignments',
    request: 'POST /api/rota/clear-future',
    body: { academicYear: 2025 },
    tool: 'clear',
    dialog: 'Clear Rota Assignments',
    apply: 'Clear the assignments',
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
    [PREVIEW]: { body: previewOf() },
    ...overrides,
  });
}

/**
 * The preview dialog a tool's button opened, once its preview has loaded. Found by its title's
 * text: under test antd gives every generated id the same value, so beside a Select the dialog's
 * aria-labelledby names the wrong element.
 */
async function previewDialog(name: string): Promise<HTMLElement> {
  const dialog = await screen.findByRole('dialog');
  expect(dialog.querySelector('.ant-modal-title')).toHaveTextContent(name);
  await waitFor(() => expect(within(dialog).queryByRole('status')).not.toBeInTheDocument());
  return dialog;
}

/** Applies what the preview dialog shows. */
async function applyPreview(user: UserEvent, name: string, apply: string) {
  const dialog = await previewDialog(name);
  const button = within(dialog).getByRole('button', { name: apply });
  await waitFor(() => expect(button).toBeEnabled());
  await user.click(button);
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
        /^Share the duties out fairly again from tomorrow to 21 July 2026, the end of the summer term\./,
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
        /^Share the duties out fairly again from tomorrow to 31 August 2026, the end of academic year 2025-2026\./,
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
    await applyPreview(user, 'Fill Unassigned Dates', 'Fill the empty slots');
    expect(await screen.findByText('Fill Complete')).toBeInTheDocument();

    await user.click(within(years).getByRole('radio', { name: '2025-2026' }));
    expect(
      within(card()).getByText(
        'Fill only the empty duty slots from tomorrow to 31 August 2026, the end of academic year 2025-2026. Existing assignments stay as they are.',
      ),
    ).toBeInTheDocument();
    await user.click(await findTool('Fill Unassigned Dates'));
    await applyPreview(user, 'Fill Unassigned Dates', 'Fill the empty slots');

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

  it('previews Rebalance first, and offers Plan again from scratch with a warning, previewed too', async () => {
    const fetchMock = stubCard({
      [PREVIEW]: [
        { body: previewOf({ largestGap: { before: 2.5, after: 0.75 } }) },
        {
          body: previewOf({
            changes: [],
            changedSlots: 0,
            people: 0,
            message: 'Nothing to change.',
          }),
        },
      ],
      'POST /api/rota/reshuffle-future': { body: result('Changed 20 slots on 10 days.') },
    });
    renderWithProviders(<RotaManagementCard />);

    await user.click(await findTool('Reshuffle Future Dates'));
    let dialog = await previewDialog('Reshuffle Future Dates');
    expect(within(dialog).getByRole('radio', { name: /^Rebalance/ })).toBeChecked();
    expect(dialog).toHaveTextContent('2 changes for 2 people');
    expect(dialog).toHaveTextContent('Largest gap to a fair share: 2.5 → 0.75 duties');
    expect(within(dialog).queryByText(/many duties may move/)).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('radio', { name: /^Plan again from scratch/ }));
    dialog = await previewDialog('Reshuffle Future Dates');
    expect(dialog).toHaveTextContent(
      'Plans every duty slot in the period afresh: many duties may move, and everyone whose duties change is told. Pinned duties (approved swaps, covers and changes made by hand) are kept.',
    );
    expect(within(dialog).getByRole('note')).toHaveTextContent('Nothing to change.');
    // Nothing to apply.
    expect(within(dialog).getByRole('button', { name: 'Plan again from scratch' })).toBeDisabled();
    expect(sentBodiesOrNone(fetchMock, PREVIEW)).toEqual([
      { tool: 'rebalance', academicYear: 2025 },
      { tool: 'reshuffle', academicYear: 2025 },
    ]);
    expect(callCount(fetchMock, 'POST /api/rota/reshuffle-future')).toBe(0);
  });

  it('says when the preview fails, tries again, and says when there is nothing to change', async () => {
    stubCard({
      [PREVIEW]: [
        { status: 500, body: { statusCode: 500, error: 'Error', message: 'Something went wrong' } },
        {
          body: previewOf({
            changes: [],
            changedSlots: 0,
            people: 0,
            largestGap: { before: 0.8, after: 0.8 },
            message: 'Nothing to change: everyone is within one duty of their fair share.',
          }),
        },
      ],
    });
    renderWithProviders(<RotaManagementCard />);

    await user.click(await findTool('Reshuffle Future Dates'));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Failed to load the preview')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Rebalance' })).toBeDisabled();

    await user.click(within(dialog).getByRole('button', { name: 'Retry' }));

    expect(await within(dialog).findByRole('note')).toHaveTextContent(
      'Nothing to change: everyone is within one duty of their fair share.',
    );
    expect(within(dialog).getByRole('button', { name: 'Rebalance' })).toBeDisabled();
  });

  it('opens the Rebalance preview when the Dashboard links to it', async () => {
    const fetchMock = stubCard();
    renderWithProviders(<RotaManagementCard />, '/staff?preview=rebalance');

    const dialog = await previewDialog('Reshuffle Future Dates');
    expect(within(dialog).getByRole('radio', { name: /^Rebalance/ })).toBeChecked();
    expect(dialog).toHaveTextContent('2 changes for 2 people');
    expect(sentBodiesOrNone(fetchMock, PREVIEW)).toEqual([
      { tool: 'rebalance', academicYear: 2025 },
    ]);
  });

  it('applies Plan again from scratch when chosen', async () => {
    const fetchMock = stubCard({
      'POST /api/rota/reshuffle-future': { body: result('Changed 20 slots on 10 days.') },
    });
    renderWithProviders(<RotaManagementCard />);

    await user.click(await findTool('Reshuffle Future Dates'));
    const dialog = await previewDialog('Reshuffle Future Dates');
    await user.click(within(dialog).getByRole('radio', { name: /^Plan again from scratch/ }));
    await applyPreview(user, 'Reshuffle Future Dates', 'Plan again from scratch');

    expect(await screen.findByText('Reshuffle Complete')).toBeInTheDocument();
    expect(sentBodiesOrNone(fetchMock, 'POST /api/rota/reshuffle-future')).toEqual([
      { academicYear: 2025 },
    ]);
    expect(callCount(fetchMock, 'POST /api/rota/rebalance')).toBe(0);
  });

  describe.each(TOOLS)('$button', (tool) => {
    it('previews, and does nothing when the preview is cancelled', async () => {
      const fetchMock = stubCard();
      renderWithProviders(<RotaManagementCard />);
      await within(card()).findByText(/^Fill only the empty duty slots from tomorrow to 21 July/);

      await user.click(await findTool(tool.button));
      const dialog = await previewDialog(tool.dialog);
      const rows = within(within(dialog).getByRole('table')).getAllByRole('row');
      expect(rows.map((row) => row.textContent)).toEqual([
        'DateChange',
        expect.stringMatching(/Ann Archer → Bob Baker$/),
        expect.stringMatching(/nobody → Bob Baker$/),
      ]);
      if (tool.tool === 'clear') {
        expect(dialog).toHaveTextContent(
          'Every duty listed is left unassigned, and everyone taken off a duty is told. This cannot be undone.',
        );
      }
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(sentBodiesOrNone(fetchMock, PREVIEW)).toEqual([
        { tool: tool.tool, ...(tool.body as object) },
      ]);
      expect(callCount(fetchMock, tool.request)).toBe(0);
      expect(screen.queryByText(tool.successTitle)).not.toBeInTheDocument();
    });

    it('runs once applied from the preview and reports what the server did', async () => {
      const fetchMock = stubCard({
        [tool.request]: { body: result('Changed 20 slots on 10 days.') },
      });
      renderWithProviders(<RotaManagementCard />);
      await within(card()).findByText(/^Fill only the empty duty slots from tomorrow to 21 July/);

      await user.click(await findTool(tool.button));
      await applyPreview(user, tool.dialog, tool.apply);

      expect(await screen.findByText(tool.successTitle)).toBeInTheDocument();
      expect(screen.getByText('Changed 20 slots on 10 days.')).toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(callCount(fetchMock, tool.request)).toBe(1);
      // Each names the year chosen and no end date, so the server plans to the end of its
      // summer term.
      expect(sentBodiesOrNone(fetchMock, tool.request)).toEqual([tool.body]);
    });

    it("shows the server's message when it fails", async () => {
      stubCard({
        [tool.request]: {
          status: 409,
          body: { statusCode: 409, error: 'Conflict', message: 'Another bulk change is running' },
        },
      });
      renderWithProviders(<RotaManagementCard />);

      await user.click(await findTool(tool.button));
      await applyPreview(user, tool.dialog, tool.apply);

      const alert = await findToast('alert', tool.failureTitle);
      expect(within(alert).getByText('Another bulk change is running')).toBeInTheDocument();
    });

    it('falls back to a fixed message when the server gives none', async () => {
      stubCard({ [tool.request]: { networkError: true } });
      renderWithProviders(<RotaManagementCard />);

      await user.click(await findTool(tool.button));
      await applyPreview(user, tool.dialog, tool.apply);

      const alert = await findToast('alert', tool.failureTitle);
      expect(within(alert).getByText(tool.fallback)).toBeInTheDocument();
    });
  });

  it('shows the running tool as busy and disables the others until it is done', async () => {
    let finish: (response: Response) => void = () => undefined;
    const fetchMock = stubCard();
    const stubbed = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation((input, init) => {
      if (init?.method === 'POST' && String(input).endsWith('/fill-unassigned')) {
        return new Promise<Response>((resolve) => {
          finish = resolve;
        });
      }
      return stubbed(input, init);
    });
    renderWithProviders(<RotaManagementCard />);

    await user.click(await findTool('Fill Unassigned Dates'));
    await applyPreview(user, 'Fill Unassigned Dates', 'Fill the empty slots');

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
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  async function refused(): Promise<HTMLElement> {
    await user.click(await findTool(tool.button));
    return screen.findByRole('dialog', { name: 'Term dates needed' });
  }

  it("says so in the server's words, and previews and plans every weekday when asked", async () => {
    const fetchMock = stubCard({
      [PREVIEW]: [MISSING, { body: previewOf() }],
      [tool.request]: { body: result('Filled 300 slots on 150 days.') },
    });
    renderWithProviders(<RotaManagementCard />);

    const dialog = await refused();
    expect(dialog).toHaveTextContent(
      'No term dates are set for 2025-2026: set them first so that the holidays between terms stay free, or plan every weekday instead',
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Plan every weekday' }));
    await applyPreview(user, tool.dialog, tool.apply);

    const toast = await findToast('status', tool.successTitle);
    expect(toast).toHaveTextContent('Filled 300 slots on 150 days.');
    expect(sentBodiesOrNone(fetchMock, PREVIEW)).toEqual([
      { tool: tool.tool, academicYear: 2025 },
      { tool: tool.tool, academicYear: 2025, allWeekdays: true },
    ]);
    expect(sentBodiesOrNone(fetchMock, tool.request)).toEqual([
      { academicYear: 2025, allWeekdays: true },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('links to the term dates instead, running nothing more', async () => {
    const fetchMock = stubCard({ [PREVIEW]: MISSING });
    const { router } = renderWithProviders(<RotaManagementCard />, '/staff');

    const dialog = await refused();
    const link = within(dialog).getByRole('link', { name: 'Set term dates' });
    expect(link).toHaveAttribute('href', '/holidays#term-dates');

    await user.click(link);

    expect(router.state.location.pathname).toBe('/holidays');
    expect(router.state.location.hash).toBe('#term-dates');
    expect(callCount(fetchMock, PREVIEW)).toBe(1);
    expect(callCount(fetchMock, tool.request)).toBe(0);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('does nothing more when cancelled', async () => {
    const fetchMock = stubCard({ [PREVIEW]: MISSING });
    renderWithProviders(<RotaManagementCard />);

    const dialog = await refused();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callCount(fetchMock, PREVIEW)).toBe(1);
    expect(callCount(fetchMock, tool.request)).toBe(0);
    expect(screen.queryByText(tool.successTitle)).not.toBeInTheDocument();
  });

  it("shows the server's refusal of every weekday too", async () => {
    stubCard({
      [PREVIEW]: [MISSING, { body: previewOf() }],
      [tool.request]: {
        status: 409,
        body: { statusCode: 409, error: 'Conflict', message: 'Another bulk change is running' },
      },
    });
    renderWithProviders(<RotaManagementCard />);

    const dialog = await refused();
    await user.click(within(dialog).getByRole('button', { name: 'Plan every weekday' }));
    await applyPreview(user, tool.dialog, tool.apply);

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
    const fetchMock = stubCard({
      'GET /api/duties': { body: duties },
      'POST /api/rota/fill-unassigned': { body: result('Filled 20 slots on 10 days.') },
    });
    renderWithProviders(<RotaManagementCard />);

    const choice = await within(card()).findByRole('combobox', { name: 'Duties to plan' });
    await user.click(await findTool('Fill Unassigned Dates'));
    // Each change names its duty when the school runs several.
    const dialog = await previewDialog('Fill Unassigned Dates');
    expect(
      within(dialog)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Date', 'Duty', 'Change']);
    await applyPreview(user, 'Fill Unassigned Dates', 'Fill the empty slots');
    expect(await screen.findByText('Filled 20 slots on 10 days.')).toBeInTheDocument();

    expect(choice).toBeInTheDocument();
    await choose(user, card(), 'Duties to plan', 'Lunch — Canteen');
    // Paused duties are not offered.
    expect(screen.queryByTitle('Library')).toBeNull();
    await user.click(toolButton('Fill Unassigned Dates'));
    await applyPreview(user, 'Fill Unassigned Dates', 'Fill the empty slots');
    await waitFor(() => expect(callCount(fetchMock, 'POST /api/rota/fill-unassigned')).toBe(2));
    expect(sentBodiesOrNone(fetchMock, 'POST /api/rota/fill-unassigned')).toEqual([
      { academicYear: 2025, dutyIds: ['d-1', 'd-2'] },
      { academicYear: 2025, dutyIds: ['d-2'] },
    ]);
  });

  it('offers no choice to a school whose only duty is the Duty Manager, and sends the spec’s request', async () => {
    const fetchMock = stubCard({
      'GET /api/duties': { body: [duties[0]] },
      'POST /api/rota/reshuffle-future': { body: result('Changed 20 slots on 10 days.') },
    });
    renderWithProviders(<RotaManagementCard />);

    await user.click(await findTool('Reshuffle Future Dates'));
    const dialog = await previewDialog('Reshuffle Future Dates');
    await user.click(within(dialog).getByRole('radio', { name: /^Plan again from scratch/ }));
    await applyPreview(user, 'Reshuffle Future Dates', 'Plan again from scratch');
    expect(await screen.findByText('Changed 20 slots on 10 days.')).toBeInTheDocument();
    expect(within(card()).queryByRole('combobox', { name: 'Duties to plan' })).toBeNull();
    expect(sentBodiesOrNone(fetchMock, 'POST /api/rota/reshuffle-future')).toEqual([
      { academicYear: 2025 },
    ]);
  });
});
