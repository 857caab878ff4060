// Drafts' texts (docs/product.md#drafts): what the Rota Management section and a draft's page say.
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
