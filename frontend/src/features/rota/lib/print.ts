import { dutyTimes, dutyTitle } from '@/shared/lib/duty-labels';

import type { DutyView } from './duty-view';

/** The body class that limits printing to the rota (see rota.css). */
export const PRINTING_CLASS = 'rota-printing';

/**
 * Opens the browser's print dialog for the rota on screen: while it is open only the element
 * marked `.rota-print-area` prints (A4 landscape, global.css), not the rest of the page.
 */
export function printRota(): void {
  const { body } = document;
  body.classList.add(PRINTING_CLASS);
  const done = () => {
    body.classList.remove(PRINTING_CLASS);
    window.removeEventListener('afterprint', done);
  };
  window.addEventListener('afterprint', done);
  window.print();
}

/**
 * The duties a printed rota is of (docs/product.md#duties), under its title, for a school that
 * runs more than the Duty Manager duty: "All duties", "Duty Manager", or the one duty shown with
 * its place and times ("Lunch — Canteen · 12:30–13:10"), so a sheet on the wall says which rota it is.
 */
export function printedDuties(
  view: DutyView,
  shown?: { name: string; place: string | null; startTime: string | null; endTime: string | null },
): string {
  if (view === 'all') return 'All duties';
  return shown ? `${dutyTitle(shown)} · ${dutyTimes(shown)}` : 'Duty Manager';
}
