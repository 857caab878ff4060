import { Segmented } from 'antd';

import type { DutyView } from '../lib/duty-view';

const OPTIONS: { label: string; value: DutyView }[] = [
  { label: 'Duty Manager', value: 'duty-manager' },
  { label: 'All duties', value: 'all' },
];

interface DutySwitcherProps {
  value: DutyView;
  onChange: (view: DutyView) => void;
}

/**
 * docs/product.md#duties: switches a rota view between the Duty Manager duty and every duty of the
 * school. Shown only to a school that runs more than the Duty Manager duty (the page decides).
 */
export function DutySwitcher({ value, onChange }: DutySwitcherProps) {
  return (
    <Segmented<DutyView>
      aria-label="Duties shown"
      className="no-print"
      options={OPTIONS}
      value={value}
      onChange={onChange}
    />
  );
}
