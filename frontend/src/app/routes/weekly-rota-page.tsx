import { lazy, Suspense } from 'react';

import { WeeklyRotaPage } from '@/features/rota/routes';
import type { AccessDialogProps, DutyDialogProps } from '@/features/rota/lib/duty-slot';
import { useOpenedOnce } from '@/shared/lib/opened-once';

// The dialogs' code (the rota's edits, the requests' forms and their date pickers) is loaded when
// a slot first opens one, not with the page: it was about a third of the page's own JavaScript.
const LazyDutyDialog = lazy(async () => ({
  default: (await import('../duty-dialog/duty-dialog')).DutyDialog,
}));
const LazyAccessDialog = lazy(async () => ({
  default: (await import('../duty-dialog/admin-access-dialog')).AdminAccessDialog,
}));

/** The duty dialog, which the page renders only once a slot is chosen. */
function DutyDialog(props: DutyDialogProps) {
  return (
    <Suspense>
      <LazyDutyDialog {...props} />
    </Suspense>
  );
}

/** The access dialog, which the page renders closed from the start: mounted from its first opening on. */
function AccessDialog(props: AccessDialogProps) {
  return useOpenedOnce(props.open) ? (
    <Suspense>
      <LazyAccessDialog {...props} />
    </Suspense>
  ) : null;
}

/**
 * The Weekly Rota at /rota (docs/product.md#screens) with the dialogs its slots open: the duty
 * dialog for whoever may change the rota, and for anyone else why not and the requests they can
 * make instead. It lives in src/app because the dialogs combine the rota's edits with the
 * requests' forms.
 */
export function WeeklyRotaWithDialogsPage() {
  return <WeeklyRotaPage DutyDialog={DutyDialog} AccessDialog={AccessDialog} />;
}
