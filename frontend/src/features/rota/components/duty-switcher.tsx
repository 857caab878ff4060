import { Segmented } from 'antd';

import { dutyTitle } from '@/shared/lib/duty-labels';
import { LazySelect } from '@/shared/ui/lazy-select';
import { useIsPhone } from '@/shared/ui/use-is-phone';

import type { DutyView } from '../lib/duty-view';

/** Up to this many choices show side by side (not on a phone); more make a list to pick from. */
const SIDE_BY_SIDE = 4;

interface DutySwitcherProps {
  value: DutyView;
  onChange: (view: DutyView) => void;
  /** The school's duties other than the Duty Manager duty that run (not paused), in its order. */
  duties: readonly { id: string; name: string; place: string | null }[];
}

/**
 * docs/product.md#duties: switches a rota view between the Duty Manager duty, one other duty the
 * school runs, and every duty of the school. Shown only to a school that runs more than the Duty
 * Manager duty (the page decides).
 */
export function DutySwitcher({ value, onChange, duties }: DutySwitcherProps) {
  const isPhone = useIsPhone();
  const options: { label: string; value: DutyView }[] = [
    { label: 'Duty Manager', value: 'duty-manager' },
    ...duties.map((duty) => ({ label: dutyTitle(duty), value: duty.id })),
    { label: 'All duties', value: 'all' },
  ];
  // Side by side, a duty's title or two overflow a phone's width: there it is a list too.
  if (options.length > SIDE_BY_SIDE || (isPhone && options.length > 2)) {
    return (
      <LazySelect<DutyView>
        aria-label="Duties shown"
        className="no-print"
        options={options}
        value={value}
        onChange={onChange}
        style={{ minWidth: 220, maxWidth: '100%' }}
      />
    );
  }
  return (
    <Segmented<DutyView>
      aria-label="Duties shown"
      className="no-print"
      options={options}
      value={value}
      onChange={onChange}
    />
  );
}
