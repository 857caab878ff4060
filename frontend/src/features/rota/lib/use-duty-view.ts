import { useMemo } from 'react';
import { useSearchParams } from 'react-router';

import { useGetDutiesQuery } from '@/features/duties/api';
import { dutyTitle } from '@/shared/lib/duty-labels';

import { DUTY_VIEW_PARAM, dutyViewOf, withDutyView, type DutyView } from './duty-view';

/**
 * The duties a rota view (the Weekly Rota, the Dashboard's month) shows, from the address
 * (docs/product.md#duties): a school that runs more than the Duty Manager duty may choose another
 * running duty or every duty; one that doesn't sees the spec's view, without the switch.
 */
export function useDutyView() {
  const [params, setParams] = useSearchParams();
  const duties = useGetDutiesQuery();
  const manyDuties = (duties.data?.length ?? 0) > 1;
  const others = useMemo(
    () => (duties.data ?? []).filter((duty) => !duty.isDutyManager && !duty.paused),
    [duties.data],
  );
  const view: DutyView = manyDuties
    ? dutyViewOf(
        params.get(DUTY_VIEW_PARAM),
        others.map((duty) => duty.id),
      )
    : 'duty-manager';
  // One other duty, shown as the Duty Manager duty is.
  const shown = others.find((duty) => duty.id === view);
  return {
    params,
    setParams,
    manyDuties,
    others,
    view,
    shown,
    shownDuty: shown && { id: shown.id, title: dutyTitle(shown) },
    chooseView: (next: DutyView) =>
      setParams((current) => withDutyView(current, next), { replace: true }),
    /** A link naming a duty waits for the duties, rather than load the Duty Manager's rota first. */
    waiting: params.has(DUTY_VIEW_PARAM) && !duties.data && !duties.isError,
  };
}
