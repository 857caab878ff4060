import { WeeklyRotaPage } from '@/features/rota/routes';
import type { AccessDialogProps } from '@/features/rota/lib/duty-slot';
import { useOpenedOnce } from '@/shared/lib/opened-once';
import { loadedInPlace } from '@/shared/lib/preloadable';

// The dialogs' code (the rota's edits, the requests' forms and their date pickers) is loaded when
// a slot first opens one, not with the page: it was about a third of the page's own JavaScript.
// The duty dialog the page renders only once a slot is chosen.
const { Component: DutyDialog } = loadedInPlace(
  async () => (await import('../duty-dialog/duty-dialog')).DutyDialog,
);
const { Component: LoadedAccessDialog } = loadedInPlace(
  async () => (await import('../duty-dialog/admin-access-dialog')).AdminAccessDialog,
);

/** The access dialog, which the page renders closed from the start: mounted from its first opening on. */
function AccessDialog(props: AccessDialogProps) {
  return useOpenedOnce(props.open) ? <LoadedAccessDialog {...props} /> : null;
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
