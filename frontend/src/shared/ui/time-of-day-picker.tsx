import { TimePicker, type TimePickerProps } from 'antd';

import { TIME_FORMAT } from '@/shared/lib/dates';

import { confirmDateOnly } from './confirm-date-only';

/**
 * A time of day as the app writes it ("12:30"), in five-minute steps, taken as typed without a
 * confirm button, and as wide as its form item. Form.Item passes `value`/`onChange` and the id.
 */
export function TimeOfDayPicker(props: Omit<TimePickerProps, 'format' | 'minuteStep'>) {
  return (
    <TimePicker
      format={TIME_FORMAT}
      minuteStep={5}
      needConfirm={false}
      onKeyDown={confirmDateOnly}
      style={{ width: '100%' }}
      {...props}
    />
  );
}
