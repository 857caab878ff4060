import { useEffect } from 'react';

import { MonthlyRota } from '@/features/rota/routes';
import { preloadable } from '@/shared/lib/preloadable';

// The dialog (a form, a modal, pickers) opens only on a click: it is fetched right after the
// month first renders instead of with the dashboard's first download.
const { Component: DutyDialog, preload: loadDutyDialog } = preloadable(
  async () => (await import('./duty-dialog')).DutyDialog,
);

/** The Dashboard's Monthly Rota with the duty dialog its slots open (composed here: see duty-dialog.tsx). */
export function MonthlyRotaWithDialog() {
  useEffect(() => {
    void loadDutyDialog();
  }, []);
  return <MonthlyRota DutyDialog={DutyDialog} />;
}
