// Drafts' texts (docs/product.md#drafts): what the Rota Management section and a draft's page say.
import type { TermDto } from '@/features/holidays/api';
import { parseDate, toIsoDate } from '@/shared/lib/dates';

import type { DraftDto } from '../api';

export const DRAFT_STATUS_LABELS: Record<DraftDto['status'], string> = {
  open: 'Open',
  published: 'Published',
  discarded: 'Discarded',
};

/** "0.78", "+1.20", "−0.40": a difference to one's share, in duties, signed. */
export function signedDuties(value: number): string {
  const fixed = Math.abs(value).toFixed(2);
  if (value > 0) return `+${fixed}`;
  if (value < 0) return `−${fixed}`;
  return fixed;
}

/** The Publish confirmation's question, naming how many duties and people. */
export function publishQuestion(draft: Pick<DraftDto, 'duties'>, people: number): string {
  const duties = draft.duties === 1 ? '1 duty' : `${draft.duties} duties`;
  const whom = people === 1 ? '1 person' : `${people} people`;
  return `Publish this draft? Its ${duties} for ${whom} replace the rota on its days, and everyone whose duties change gets one email.`;
}

/** The Select's value for a draft of the whole academic year (its plan period, as reshuffle's). */
export const WHOLE_YEAR = 'year';

const TERM_LABELS: Record<TermDto['name'], string> = {
  autumn: 'Autumn term',
  spring: 'Spring term',
  summer: 'Summer term',
};

/** A term a draft may plan: from its first day, or from tomorrow when it is under way (`startDate` left out), to its last. */
export interface DraftTerm {
  name: TermDto['name'];
  label: string;
  startDate: string | undefined;
  /** The first day planned, for the label: the term's first day, or tomorrow. */
  firstDay: string;
  endDate: string;
}

/** The year's terms still to come or under way on `today`, in order. */
export function draftTerms(terms: readonly TermDto[], today: string | undefined): DraftTerm[] {
  if (!today) return [];
  const tomorrow = toIsoDate(parseDate(today).add(1, 'day'));
  return terms
    .filter((term) => term.endDate > today)
    .map((term) => ({
      name: term.name,
      label: TERM_LABELS[term.name],
      startDate: term.startDate > today ? term.startDate : undefined,
      firstDay: term.startDate > today ? term.startDate : tomorrow,
      endDate: term.endDate,
    }));
}
