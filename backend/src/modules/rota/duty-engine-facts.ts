import type { PlanningDuty } from '../duties/duties.module';
import type { EngineDuty } from './engine/duties-engine';
import type { EngineStaff } from './engine/rota-engine';

/** `HH:mm` as minutes since midnight. */
export function minutesOf(time: string): number {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 60 + m;
}

/** A duty as the engine reads it: its window in minutes, who may take it as a set of staff ids (null: everyone). */
export function engineDutyOf(duty: PlanningDuty, staff: readonly EngineStaff[]): EngineDuty {
  let eligible: Set<string> | null = null;
  if (duty.eligible === 'teaching') eligible = new Set(staff.filter((s) => s.isTeaching).map((s) => s.id));
  else if (duty.eligible === 'non_teaching') eligible = new Set(staff.filter((s) => !s.isTeaching).map((s) => s.id));
  else if (duty.eligible === 'listed') eligible = new Set(duty.allowedStaffIds);
  return {
    id: duty.id,
    weight: duty.weight,
    window: duty.startTime && duty.endTime ? { start: minutesOf(duty.startTime), end: minutesOf(duty.endTime) } : null,
    needs: duty.needs,
    eligible,
    pairsTeaching: duty.pairsTeaching,
  };
}
