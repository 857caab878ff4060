import { lazy, useEffect } from 'react';

import { MonthlyRota } from '@/features/rota/routes';

// The dialog (a form, a modal, pickers) opens only on a click: it is fetched right after the
// month first renders instead of with the dashboard's first download.
const loadDutyDialog = () => import('./duty-dialog');
const DutyDialog = lazy(async () => ({ default: (await loadDutyDialog()).DutyDialog }));

/** The Dashboard's Monthly Rota with the duty dialog its slots open (composed here: see duty-dialog.tsx). */
export function MonthlyRotaWithDialog() {
  useEffect(() => {
    void loadDutyDialog();
  }, []);
  return <MonthlyRota DutyDialog={DutyDialog} />;
}
