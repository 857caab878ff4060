import type { IsoDate } from '../../common/clock/clock';
import { describeDate, describeDateRange } from '../../common/text/dates';
import { emailDocument, paragraphs } from '../../common/text/html';
import { plural } from '../../common/text/plural';

/** A person's duties in a published draft's period, after publishing (docs/product.md#drafts). */
export interface PublishedDuties {
  /** Their duties in the period, every duty. */
  count: number;
  /** Their first duty in the period; null when they have none there. */
  first: IsoDate | null;
}

/**
 * The one email a person gets when a published draft changed their duties: how many they have in
 * its period, from which day, and where to see them. `from`..`to` is the period published.
 */
export function publishedDutiesLetter(person: { name: string }, duties: PublishedDuties, period: { from: IsoDate; to: IsoDate }, myRotaUrl: string) {
  const range = describeDateRange(period.from, period.to);
  const subject = `Your duties from ${describeDate(duties.first ?? period.from)}`;
  const lines = [
    `Hello ${person.name},`,
    `The rota for ${range} has been published.`,
    duties.first
      ? `You have ${plural(duties.count, 'duty', 'duties')} in that period, the first on ${describeDate(duties.first)}.`
      : 'You have no duties in that period.',
    `Your duties in Duty Manager: ${myRotaUrl}`,
  ];
  return { subject, html: emailDocument(paragraphs(lines)), text: `${lines.join('\n\n')}\n` };
}

/** The bell's line for the same news. */
export function publishedDutiesNotice(duties: PublishedDuties, period: { from: IsoDate; to: IsoDate }): string {
  return duties.first
    ? `The rota for ${describeDateRange(period.from, period.to)} is published: ${plural(duties.count, 'duty', 'duties')}, the first on ${describeDate(duties.first)}`
    : `The rota for ${describeDateRange(period.from, period.to)} is published: you have no duties in it`;
}
