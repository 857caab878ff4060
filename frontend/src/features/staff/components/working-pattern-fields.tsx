import { Flex, Form, InputNumber, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { useId } from 'react';

import { WeekdayCheckboxes } from '@/shared/ui/weekday-checkboxes';

import { defaultFte } from '../lib/working-pattern';

/**
 * The form's messages; the server states the same rules in its own words
 * (docs/product.md#working-patterns) and its refusals show as they come.
 */
const WORKING_DAYS_REQUIRED = 'Choose at least one working day';
const FTE_RANGE = 'FTE must be from 0.05 to 1, with at most two decimals';
const AVOID_ALL = "Days to avoid can't be every day they work";

const NO_DAYS: number[] = [];

/** At most two decimals: 0.6 and 0.65, not 0.655 (floating point allowed for). */
function hasTwoDecimalsAtMost(value: number): boolean {
  return Math.abs(value * 100 - Math.round(value * 100)) < 1e-9;
}

const FTE_RULES: Rule[] = [
  {
    validator: (_rule, value: number | null | undefined) =>
      value === null ||
      value === undefined ||
      (value >= 0.05 && value <= 1 && hasTwoDecimalsAtMost(value))
        ? Promise.resolve()
        : Promise.reject(new Error(FTE_RANGE)),
  },
];

/**
 * The Working pattern part of the staff dialogs (docs/product.md#working-patterns): working days,
 * FTE, weekly cap and days to avoid. The fields live in the dialog's form under the names the API
 * uses; the days to avoid offered follow the working days ticked.
 */
export function WorkingPatternFields() {
  const form = Form.useFormInstance();
  const headingId = useId();
  const workingDays = (Form.useWatch('workingDays', form) as number[] | undefined) ?? NO_DAYS;

  const avoidRules: Rule[] = [
    ({ getFieldValue }) => ({
      validator: (_rule, value: number[] | undefined) => {
        const worked = (getFieldValue('workingDays') as number[] | undefined) ?? NO_DAYS;
        const avoided = (value ?? NO_DAYS).filter((day) => worked.includes(day));
        return avoided.length > 0 && avoided.length >= worked.length
          ? Promise.reject(new Error(AVOID_ALL))
          : Promise.resolve();
      },
    }),
  ];

  return (
    <div role="group" aria-labelledby={headingId}>
      <Typography.Title id={headingId} level={3} style={{ fontSize: 16, marginTop: 8 }}>
        Working pattern
      </Typography.Title>
      <Form.Item
        label="Working days"
        name="workingDays"
        rules={[{ type: 'array', required: true, min: 1, message: WORKING_DAYS_REQUIRED }]}
      >
        <WeekdayCheckboxes aria-label="Working days" />
      </Form.Item>
      <Flex gap="middle" wrap>
        <Form.Item
          label="FTE"
          name="fte"
          rules={FTE_RULES}
          extra={`Empty means working days ÷ 5 (${defaultFte(workingDays)} now).`}
          style={{ flex: '1 1 180px' }}
        >
          <InputNumber<number>
            min={0.05}
            max={1}
            step={0.05}
            placeholder={String(defaultFte(workingDays))}
            inputMode="decimal"
            style={{ width: '100%' }}
          />
        </Form.Item>
        <Form.Item
          label="Weekly cap"
          name="weeklyCap"
          extra="Most duties in a Monday–Sunday week. Empty: the organisation's default."
          style={{ flex: '1 1 180px' }}
        >
          <InputNumber<number>
            min={1}
            max={5}
            step={1}
            precision={0}
            placeholder="Organisation default"
            inputMode="numeric"
            style={{ width: '100%' }}
          />
        </Form.Item>
      </Flex>
      <Form.Item
        label="Days to avoid"
        name="avoidDays"
        dependencies={['workingDays']}
        rules={avoidRules}
        extra="Working days they would rather not do: honoured when it costs no fairness."
      >
        <WeekdayCheckboxes aria-label="Days to avoid" days={workingDays} />
      </Form.Item>
    </div>
  );
}
