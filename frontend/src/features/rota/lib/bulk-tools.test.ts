import { describe, expect, it } from 'vitest';

import { currentWeek } from '@/testing/fixtures';

import { planPeriod, termDatesMissingNote } from './bulk-tools';

const year = currentWeek().academicYear;

describe('the bulk tools’ period', () => {
  it('ends at the end of the summer term the server names', () => {
    expect(planPeriod({ to: '2026-07-21' }, year)).toEqual({
      period: 'from tomorrow to 21 July 2026',
      endNote: ', the end of the summer term',
    });
  });

  it('ends on 31 August, the end of the academic year, without term dates', () => {
    expect(planPeriod({ to: '2026-08-31' }, year)).toEqual({
      period: 'from tomorrow to 31 August 2026',
      endNote: ', the end of academic year 2025-2026',
    });
  });

  it('says it in words until the server has answered', () => {
    expect(planPeriod(undefined, year)).toEqual({
      period: 'from tomorrow to the end of the summer term',
      endNote: '',
    });
  });

  it('names every year without term dates', () => {
    expect(termDatesMissingNote(['2025-2026', '2026-2027'])).toMatch(
      /^No term dates are set for 2025-2026 and 2026-2027: /,
    );
  });
});
