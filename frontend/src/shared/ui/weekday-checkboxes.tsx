import { Checkbox } from 'antd';
import type { CheckboxGroupProps } from 'antd/es/checkbox';

import { weekdayOptions } from '@/shared/lib/weekdays';

interface WeekdayCheckboxesProps extends Omit<CheckboxGroupProps<number>, 'options'> {
  /** Its accessible name, e.g. "Working days": a group has no label element of its own. */
  'aria-label': string;
  /** The weekdays offered (ISO, 1 = Monday … 5 = Friday); Monday to Friday unless given. */
  days?: readonly number[];
}

/**
 * A Monday-to-Friday choice as checkboxes labelled "Mon" … "Fri", as a named group, for an antd
 * Form.Item. The item's asterisk and its message say a choice is required; `aria-required` is
 * dropped because a group may not carry it.
 */
export function WeekdayCheckboxes({ days, ...props }: WeekdayCheckboxesProps) {
  // Set by a required Form.Item, but not allowed on a group (axe aria-allowed-attr).
  const groupProps = { ...props, 'aria-required': undefined };
  return <Checkbox.Group<number> role="group" {...groupProps} options={weekdayOptions(days)} />;
}
