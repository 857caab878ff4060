import { WeeklyRotaPage } from '@/features/rota/routes';

import { AdminAccessDialog } from '../duty-dialog/admin-access-dialog';
import { DutyDialog } from '../duty-dialog/duty-dialog';

/**
 * The Weekly Rota at /rota (docs/product.md#screens) with the dialogs its slots open: the duty
 * dialog for whoever may change the rota, and for anyone else why not and the requests they can
 * make instead. It lives in src/app because the dialogs combine the rota's edits with the
 * requests' forms.
 */
export function WeeklyRotaWithDialogsPage() {
  return <WeeklyRotaPage DutyDialog={DutyDialog} AccessDialog={AdminAccessDialog} />;
}
