import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { AccessContext, accessFor } from '@/shared/auth/access';
import { findToast } from '@/testing/antd-helpers';
import {
  callCount,
  renderWithProviders,
  sentBodies,
  setupUser,
  stubFetch,
} from '@/testing/test-utils';

import type { AcademicYearsDto, TermDatesDto, TermDto } from '../api';
import { TermDatesCard } from './term-dates-card';

/** The typical English pattern for 2025-2026 (docs/product.md#term-dates). */
const TYPICAL: TermDto[] = [
  {
    name: 'autumn',
    startDate: '2025-09-01',
    endDate: '2025-12-19',
    halfTermStart: '2025-10-27',
    halfTermEnd: '2025-10-31',
  },
  {
    name: 'spring',
    startDate: '2026-01-05',
    endDate: '2026-03-27',
    halfTermStart: '2026-02-16',
    halfTermEnd: '2026-02-20',
  },
  {
    name: 'summer',
    startDate: '2026-04-13',
    endDate: '2026-07-21',
    halfTermStart: '2026-05-25',
    halfTermEnd: '2026-05-29',
  },
];

function termDates(overrides: Partial<TermDatesDto> = {}): TermDatesDto {
  return {
    academicYear: 2025,
    label: '2025-2026',
    terms: [],
    proposal: TYPICAL,
    proposalSource: 'typical_pattern',
    ...overrides,
  };
}

/** This academic year and the next as the server tells them, starting on `planning`. */
function academicYears(planning = 2025): AcademicYearsDto {
  const year = (academicYear: number, summerTermEnd: string | null) => ({
    academicYear,
    label: `${academicYear}-${academicYear + 1}`,
    startDate: `${academicYear}-09-01`,
    endDate: `${academicYear + 1}-08-31`,
    hasTermDates: summerTermEnd !== null,
    summerTermEnd,
    planFrom: `${academicYear}-09-02`,
    planTo: summerTermEnd ?? `${academicYear + 1}-08-31`,
  });
  return {
    today: planning === 2025 ? '2025-09-01' : '2026-08-27',
    current: 2025,
    planning,
    years: [year(2025, planning === 2025 ? null : '2026-07-21'), year(2026, null)],
  };
}

function renderCard(role = 'admin') {
  return renderWithProviders(
    <AccessContext value={accessFor(role)}>
      <TermDatesCard />
    </AccessContext>,
    '/holidays#term-dates',
  );
}

function card(): HTMLElement {
  return screen.getByRole('region', { name: 'Term Dates' });
}

function term(name: string): HTMLElement {
  return within(card()).getByRole('group', { name });
}

/** The academic years GET /api/term-dates was asked for, in order. */
function askedYears(fetchMock: ReturnType<typeof stubFetch>): string[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/term-dates')
    .map((url) => url.searchParams.get('academicYear') ?? '');
}

/** Empties a date picker with its Clear button, as a person would. */
async function clearDate(user: UserEvent, field: HTMLElement) {
  const picker = field.closest('.ant-picker');
  if (!(picker instanceof HTMLElement)) throw new Error('not a date picker');
  await user.click(within(picker).getByRole('button', { name: 'Clear' }));
}

async function typeDate(user: UserEvent, field: HTMLElement, text: string) {
  await user.click(field);
  await user.clear(field);
  await user.type(field, `${text}{Enter}`);
}

describe('Term Dates', () => {
  let user: UserEvent;

  beforeEach(() => {
    user = setupUser();
  });

  it('starts a year without term dates from the typical pattern, says so, and saves it with what it did to the rota', async () => {
    const message =
      'Saving the term dates of 2025-2026 removed 4 duties on 18–19 Dec; 0 refilled (outside term time).';
    const fetchMock = stubFetch({
      'GET /api/academic-years': { body: academicYears() },
      'GET /api/term-dates': [{ body: termDates() }, { body: termDates({ terms: TYPICAL }) }],
      'PUT /api/term-dates/2025': {
        body: {
          ...termDates({ terms: TYPICAL }),
          rotaChange: {
            removedDuties: 4,
            refilledDuties: 0,
            dates: ['2025-12-18', '2025-12-19'],
            message,
          },
        },
      },
    });
    renderCard();

    expect(await within(card()).findByText('No term dates saved for 2025-2026 yet')).toBeVisible();
    expect(
      within(card()).getByText("A typical English pattern — adjust it to your school's"),
    ).toBeInTheDocument();
    const autumn = term('Autumn term');
    expect(within(autumn).getByLabelText('First day')).toHaveValue('1 Sep 2025');
    expect(within(autumn).getByLabelText('Last day')).toHaveValue('19 Dec 2025');
    expect(within(autumn).getByLabelText('Half term first day')).toHaveValue('27 Oct 2025');
    expect(within(autumn).getByLabelText('Half term last day')).toHaveValue('31 Oct 2025');
    expect(within(term('Summer term')).getByLabelText('Last day')).toHaveValue('21 Jul 2026');

    // One change before saving: the autumn term ends a day earlier.
    await typeDate(user, within(autumn).getByLabelText('Last day'), '18/12/2025');
    await user.click(within(card()).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'PUT /api/term-dates/2025')).toEqual([
      { terms: [{ ...TYPICAL[0], endDate: '2025-12-18' }, TYPICAL[1], TYPICAL[2]] },
    ]);
    // Saved: no longer a proposal.
    await waitFor(() =>
      expect(
        within(card()).queryByText('No term dates saved for 2025-2026 yet'),
      ).not.toBeInTheDocument(),
    );
  });

  it("says when the proposal is last year's terms moved on, and that nothing on the rota changed", async () => {
    stubFetch({
      'GET /api/academic-years': { body: academicYears() },
      'GET /api/term-dates': { body: termDates({ proposalSource: 'previous_year' }) },
      'PUT /api/term-dates/2025': {
        body: {
          ...termDates({ terms: TYPICAL }),
          rotaChange: {
            removedDuties: 0,
            refilledDuties: 0,
            dates: [],
            message: 'No planned duties were affected.',
          },
        },
      },
    });
    renderCard();

    expect(
      await within(card()).findByText('Copied from 2024-2025 — check the Easter dates'),
    ).toBeInTheDocument();

    await user.click(within(card()).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Saved the term dates of 2025-2026')).toBeInTheDocument();
  });

  it('shows a year with saved terms as they are, and switches to the next academic year', async () => {
    const saved = TYPICAL.map((t) => ({ ...t, halfTermStart: null, halfTermEnd: null }));
    const fetchMock = stubFetch({
      'GET /api/academic-years': { body: academicYears() },
      'GET /api/term-dates': [
        { body: termDates({ terms: saved }) },
        {
          body: termDates({
            academicYear: 2026,
            label: '2026-2027',
            proposalSource: 'previous_year',
          }),
        },
      ],
    });
    renderCard();

    const autumn = await waitFor(() => term('Autumn term'));
    expect(within(autumn).getByLabelText('Half term first day')).toHaveValue('');
    expect(within(card()).queryByText(/No term dates saved/)).not.toBeInTheDocument();

    const years = within(card()).getByRole('radiogroup', { name: 'Academic year' });
    expect(within(years).getByRole('radio', { name: '2025-2026' })).toBeChecked();
    await user.click(within(years).getByRole('radio', { name: '2026-2027' }));

    expect(
      await within(card()).findByText('Copied from 2025-2026 — check the Easter dates'),
    ).toBeInTheDocument();
    expect(within(card()).getByText('No term dates saved for 2026-2027 yet')).toBeInTheDocument();
    expect(askedYears(fetchMock)).toEqual(['2025', '2026']);
  });

  it("starts on next year once this year's summer term is over, and goes back to this year when asked", async () => {
    const fetchMock = stubFetch({
      'GET /api/academic-years': { body: academicYears(2026) },
      'GET /api/term-dates': [
        {
          body: termDates({
            academicYear: 2026,
            label: '2026-2027',
            proposalSource: 'previous_year',
          }),
        },
        { body: termDates({ terms: TYPICAL }) },
      ],
    });
    renderCard();

    expect(await within(card()).findByText('No term dates saved for 2026-2027 yet')).toBeVisible();
    const years = within(card()).getByRole('radiogroup', { name: 'Academic year' });
    expect(within(years).getByRole('radio', { name: '2026-2027' })).toBeChecked();

    await user.click(within(years).getByRole('radio', { name: '2025-2026' }));
    await waitFor(() =>
      expect(within(term('Autumn term')).getByLabelText('First day')).toHaveValue('1 Sep 2025'),
    );
    expect(askedYears(fetchMock)).toEqual(['2026', '2025']);
  });

  it("refuses a half term with one date in the server's words, and shows the server's reasons", async () => {
    const reason =
      'The spring term must start after the autumn term ends (Friday 19 December 2025), not on Monday 15 December 2025';
    const fetchMock = stubFetch({
      'GET /api/academic-years': { body: academicYears() },
      'GET /api/term-dates': { body: termDates() },
      'PUT /api/term-dates/2025': {
        status: 400,
        body: { statusCode: 400, message: reason, error: 'Bad Request' },
      },
    });
    renderCard();
    const autumn = await waitFor(() => term('Autumn term'));

    await clearDate(user, within(autumn).getByLabelText('Half term last day'));
    await user.click(within(card()).getByRole('button', { name: 'Save' }));

    expect(
      await within(autumn).findByText(
        'The autumn half term needs both a start and an end date, or neither',
      ),
    ).toBeInTheDocument();
    expect(callCount(fetchMock, 'PUT /api/term-dates/2025')).toBe(0);

    await clearDate(user, within(autumn).getByLabelText('Half term first day'));
    await typeDate(user, within(term('Spring term')).getByLabelText('First day'), '15/12/2025');
    await user.click(within(card()).getByRole('button', { name: 'Save' }));

    const alert = await findToast('alert', 'Error');
    expect(within(alert).getByText(reason)).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'PUT /api/term-dates/2025')).toEqual([
      {
        terms: [
          { ...TYPICAL[0], halfTermStart: null, halfTermEnd: null },
          { ...TYPICAL[1], startDate: '2025-12-15' },
          TYPICAL[2],
        ],
      },
    ]);
  });

  it('lets staff read the terms but not change them', async () => {
    stubFetch({
      'GET /api/academic-years': { body: academicYears() },
      'GET /api/term-dates': { body: termDates({ terms: TYPICAL }) },
    });
    renderCard('staff');

    const list = await within(card()).findByRole('list', { name: 'Terms of 2025-2026' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Autumn term');
    expect(items[0]).toHaveTextContent('Mon 1 Sep 2025 – Fri 19 Dec 2025');
    expect(items[0]).toHaveTextContent('Half term Mon 27 Oct 2025 – Fri 31 Oct 2025');
    expect(within(card()).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(within(card()).queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('tells staff when a year has no term dates, never showing the proposal as if it were saved', async () => {
    stubFetch({
      'GET /api/academic-years': { body: academicYears() },
      'GET /api/term-dates': { body: termDates() },
    });
    renderCard('staff');

    expect(await within(card()).findByText('No term dates for 2025-2026 yet')).toBeInTheDocument();
    expect(within(card()).queryByText(/Mon 1 Sep 2025/)).not.toBeInTheDocument();
  });

  it('says when the term dates could not be loaded, and tries again', async () => {
    stubFetch({
      'GET /api/academic-years': { body: academicYears() },
      'GET /api/term-dates': [
        { status: 500, body: { statusCode: 500, message: 'Database unavailable', error: 'x' } },
        { body: termDates() },
      ],
    });
    renderCard();

    expect(screen.getByRole('status', { name: 'Loading term dates' })).toBeInTheDocument();
    expect(await within(card()).findByText('Failed to load term dates')).toBeInTheDocument();
    expect(within(card()).getByText('Database unavailable')).toBeInTheDocument();

    await user.click(within(card()).getByRole('button', { name: 'Retry' }));

    expect(await within(card()).findByText('No term dates saved for 2025-2026 yet')).toBeVisible();
  });
});
