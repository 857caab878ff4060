import { Button, Flex, Form, InputNumber, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { useId, useState } from 'react';

import { WeekdayCheckboxes } from '@/shared/ui/weekday-checkboxes';

import {
  defaultFte,
  describeShare,
  fteFollowingDays,
  fteMatchesDays,
} from '../lib/working-pattern';

/**
 * The form's messages; the server states the same rules in its own words
 * (docs/product.md#working-patterns) and its refusals show as they come.
 */
const WORKING_DAYS_REQUIRED = 'Choose at least one working day';
const FTE_RANGE = 'FTE must be from 0.05 to 1, with at most two decimals';
const WEEKLY_CAP_RANGE =
  "Weekly cap must be a whole number from 1 to 5, or empty for the organisation's default";
const AVOID_ALL = "Days to avoid can't be every day they work";

const NO_DAYS: number[] = [];

/** At most two decimals: 0.6 and 0.65, not 0.655 (floating point allowed for). */
function hasTwoDecimalsAtMost(value: number): boolean {
  return Math.abs(value * 100 - Math.round(value * 100)) < 1e-9;
}

function isFte(value: number | null | undefined): value is number {
  return typeof value === 'number' && value >= 0.05 && value <= 1 && hasTwoDecimalsAtMost(value);
}

const FTE_RULES: Rule[] = [
  {
    validator: (_rule, value: number | null | undefined) =>
      value === null || value === undefined || isFte(value)
        ? Promise.resolve()
        : Promise.reject(new Error(FTE_RANGE)),
  },
];

const WEEKLY_CAP_RULES: Rule[] = [
  {
    validator: (_rule, value: number | null | undefined) =>
      value === null || value === undefined || (Number.isInteger(value) && value >= 1 && value <= 5)
        ? Promise.resolve()
        : Promise.reject(new Error(WEEKLY_CAP_RANGE)),
  },
];

/**
 * The Working pattern part of the staff dialogs (docs/product.md#working-patterns): working days,
 * FTE, weekly cap and days to avoid. The fields live in the dialog's form under the names the API
 * uses; the days to avoid offered follow the working days ticked. FTE and working days stay
 * consistent: ticking days moves an FTE that followed them, offers days ÷ 5 for one set apart,
 * and the FTE field says what their fair share becomes.
 *
 * The number fields have no min/max/precision props: antd would turn 2.5 into 1 and -1 into 1
 * on blur, and save that; an out-of-range number is refused with its rule instead.
 */
export function WorkingPatternFields() {
  const form = Form.useFormInstance();
  const headingId = useId();
  const workingDays = (Form.useWatch('workingDays', form) as number[] | undefined) ?? NO_DAYS;
  const fte = Form.useWatch('fte', form) as number | null | undefined;
  /** The FTE before ticking days moved it, while the moved one stands. */
  const [movedFrom, setMovedFrom] = useState<number | null>(null);

  // Runs after the form has stored the new days; `workingDays` is still what was ticked before.
  const onWorkingDaysChange = (next: number[]) => {
    const current = form.getFieldValue('fte') as number | null | undefined;
    const proposed = fteFollowingDays(current, workingDays, next);
    if (typeof proposed !== 'number' || typeof current !== 'number' || proposed === current) return;
    form.setFieldValue('fte', proposed);
    const from = movedFrom ?? current;
    setMovedFrom(proposed === from ? null : from);
  };

  const useDaysFte = () => {
    form.setFieldValue('fte', defaultFte(workingDays));
    setMovedFrom(null);
    void form.validateFields(['fte']);
  };

  const share = isFte(fte) ? describeShare(fte, workingDays) : undefined;
  const fteExtra = (
    <>
      <span aria-live="polite">
        {share === undefined
          ? `Empty means working days ÷ 5 (${defaultFte(workingDays)} now).`
          : `${movedFrom === null ? '' : `Changed from ${movedFrom} to follow the working days. `}${share}`}
      </span>
      {isFte(fte) && workingDays.length > 0 && !fteMatchesDays(fte, workingDays) && (
        <>
          {' '}
          <Button
            type="link"
            size="small"
            onClick={useDaysFte}
            style={{ padding: 0, height: 'auto' }}
          >
            Use {defaultFte(workingDays)}
          </Button>
        </>
      )}
    </>
  );

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
        <WeekdayCheckboxes aria-label="Working days" onChange={onWorkingDaysChange} />
      </Form.Item>
      <Flex gap="middle" wrap>
        <Form.Item
          label="FTE"
          name="fte"
          rules={FTE_RULES}
          extra={fteExtra}
          style={{ flex: '1 1 180px' }}
        >
          <InputNumber<number>
            step={0.05}
            aria-valuemin={0.05}
            aria-valuemax={1}
            placeholder={String(defaultFte(workingDays))}
            inputMode="decimal"
            onChange={() => setMovedFrom(null)}
            style={{ width: '100%' }}
          />
        </Form.Item>
        <Form.Item
          label="Weekly cap"
          name="weeklyCap"
          rules={WEEKLY_CAP_RULES}
          extra="Most duties in a Monday–Sunday week. Empty: the organisation's default."
          style={{ flex: '1 1 180px' }}
        >
          <InputNumber<number>
            step={1}
            aria-valuemin={1}
            aria-valuemax={5}
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
