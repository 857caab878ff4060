import { skipToken } from '@reduxjs/toolkit/query';
import { Alert, Form, type FormInstance } from 'antd';

import { useCountPlannedDutiesQuery } from '@/features/rota/api';
import { toIsoDate, type Dayjs } from '@/shared/lib/dates';

import type { HolidayFormValues } from './holiday-form-fields';

/** "1 duty", "4 duties"; "1 day", "2 days". */
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * What saving the holiday will do to the rota, said before it is saved (docs/product.md#holidays):
 * "Adding this holiday takes 4 duties off the rota, on 2 days. …".
 */
export function holidayImpactText(verb: 'Adding' | 'Saving', duties: number, days: number): string {
  return `${verb} this holiday takes ${count(duties, 'duty', 'duties')} off the rota, on ${count(days, 'day', 'days')}. The people on them are told; nobody is put back when the holiday is deleted.`;
}

const dateOf = (value: Dayjs | null | undefined) => (value?.isValid() ? toIsoDate(value) : undefined);

/**
 * Under the holiday's dates: how many planned duties from today on those days hold, all of which
 * the holiday takes off (`GET /api/rota/planned`). Nothing while the dates are incomplete, while
 * it loads, when there are none, or when the count can't be had (saving still says what it did).
 */
export function HolidayRotaImpact({
  form,
  verb,
}: {
  form: FormInstance<HolidayFormValues>;
  verb: 'Adding' | 'Saving';
}) {
  const start = dateOf(Form.useWatch('startDate', form));
  const end = dateOf(Form.useWatch('endDate', form));
  const range = start && end && start <= end ? { startDate: start, endDate: end } : undefined;
  const { currentData } = useCountPlannedDutiesQuery(range ?? skipToken);
  if (!range || !currentData || currentData.duties === 0) return null;
  return (
    <Alert
      role="status"
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      title={holidayImpactText(verb, currentData.duties, currentData.days)}
    />
  );
}
