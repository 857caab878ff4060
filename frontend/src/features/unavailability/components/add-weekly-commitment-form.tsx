import { Button, DatePicker, Flex, Form, Input, Radio } from 'antd';
import type { Rule } from 'antd/es/form';

import { useGetDutiesQuery } from '@/features/duties/api';
import type { StaffDto } from '@/features/staff/api';
import { getServerMessage } from '@/shared/api/errors';
import { DATE_INPUT_FORMATS, TIME_FORMAT, toIsoDate, type Dayjs } from '@/shared/lib/dates';
import { trimmed } from '@/shared/lib/text';
import { confirmDateOnly } from '@/shared/ui/confirm-date-only';
import { TimeOfDayPicker } from '@/shared/ui/time-of-day-picker';
import { useToast } from '@/shared/ui/toast';
import { WeekdayCheckboxes } from '@/shared/ui/weekday-checkboxes';

import { useCreateRecurringUnavailabilityMutation } from '../api';
import { REPEAT_OPTIONS, repeatFields, type Repeat } from '../lib/weekly-commitments';

/** The form's messages: the server's own words for the same rules (docs/product.md#texts-on-screen). */
const WEEKDAYS_REQUIRED = 'Choose at least one weekday';
const START_REQUIRED = 'Please choose a start date';
const END_REQUIRED = 'Please choose an end date';
const DATE_ORDER_MESSAGE = 'End date must be after start date';
const REASON_REQUIRED = 'Please give a reason, e.g. "Year 9 football club"';
const START_TIME_MESSAGE =
  'Give the start time as HH:mm, such as 12:30, or leave both times out for the whole day';
const END_TIME_MESSAGE =
  'Give the end time as HH:mm, such as 13:10, or leave both times out for the whole day';
const TIME_ORDER_MESSAGE = 'The end time must be after the start time';
/** The server refuses longer reasons. */
const REASON_MAX = 500;

interface WeeklyCommitmentFormValues {
  weekdays: number[];
  startDate: Dayjs | null;
  endDate: Dayjs | null;
  repeat: Repeat;
  /** A time of day, offered when the school runs a duty at one: both or neither. */
  startTime?: Dayjs | null;
  endTime?: Dayjs | null;
  reason: string;
}

const END_RULES: Rule[] = [
  { required: true, message: END_REQUIRED },
  ({ getFieldValue }) => ({
    validator: (_rule, end: Dayjs | null | undefined) => {
      const start = getFieldValue('startDate') as Dayjs | null | undefined;
      return start && end && end.isBefore(start, 'day')
        ? Promise.reject(new Error(DATE_ORDER_MESSAGE))
        : Promise.resolve();
    },
  }),
];

/** Both times or neither; the end after the start. */
const START_TIME_RULES: Rule[] = [
  ({ getFieldValue }) => ({
    validator: (_rule, start: Dayjs | null | undefined) =>
      !start && getFieldValue('endTime')
        ? Promise.reject(new Error(START_TIME_MESSAGE))
        : Promise.resolve(),
  }),
];
const END_TIME_RULES: Rule[] = [
  ({ getFieldValue }) => ({
    validator: (_rule, end: Dayjs | null | undefined) => {
      const start = getFieldValue('startTime') as Dayjs | null | undefined;
      if (!end) return start ? Promise.reject(new Error(END_TIME_MESSAGE)) : Promise.resolve();
      return start && end.format(TIME_FORMAT) <= start.format(TIME_FORMAT)
        ? Promise.reject(new Error(TIME_ORDER_MESSAGE))
        : Promise.resolve();
    },
  }),
];

interface AddWeeklyCommitmentFormProps {
  staff: StaffDto;
  /** The dates a new commitment starts with, e.g. today to the end of the academic year. */
  defaultStart?: Dayjs;
  defaultEnd?: Dayjs;
}

/**
 * docs/product.md#unavailability: adds a weekly commitment. The server takes the person off the
 * duties it covers from today on and auto-fills them; its message says how many (shown as the
 * dated unavailability's is, in the success toast).
 */
export function AddWeeklyCommitmentForm({
  staff,
  defaultStart,
  defaultEnd,
}: AddWeeklyCommitmentFormProps) {
  const [createRule, { isLoading }] = useCreateRecurringUnavailabilityMutation();
  const [form] = Form.useForm<WeeklyCommitmentFormValues>();
  const toast = useToast();
  // Times matter only when the school runs a duty at a time of day (docs/product.md#unavailability):
  // a school with the all-day Duty Manager duty alone sees the form without them.
  const { data: duties } = useGetDutiesQuery();
  const timed = duties?.some((duty) => duty.startTime !== null) ?? false;

  const initialValues: WeeklyCommitmentFormValues = {
    weekdays: [],
    startDate: defaultStart ?? null,
    endDate: defaultEnd ?? null,
    repeat: 'every',
    reason: '',
  };

  const submit = async (values: WeeklyCommitmentFormValues) => {
    if (!values.startDate || !values.endDate) return;
    try {
      const result = await createRule({
        createRecurringUnavailabilityDto: {
          staffId: staff.id,
          weekdays: [...values.weekdays].sort((a, b) => a - b),
          startDate: toIsoDate(values.startDate),
          endDate: toIsoDate(values.endDate),
          ...repeatFields(values.repeat),
          ...(values.startTime && values.endTime
            ? {
                startTime: values.startTime.format(TIME_FORMAT),
                endTime: values.endTime.format(TIME_FORMAT),
              }
            : {}),
          reason: trimmed(values.reason),
        },
      }).unwrap();
      toast({ title: 'Success', description: result.message });
      form.resetFields();
    } catch (error) {
      toast({
        variant: 'destructive',
        description: getServerMessage(error) ?? 'Failed to add weekly commitment',
      });
    }
  };

  return (
    <Form<WeeklyCommitmentFormValues>
      form={form}
      name={`add-weekly-commitment-${staff.id}`}
      layout="vertical"
      noValidate
      disabled={isLoading}
      initialValues={initialValues}
      onFinish={(values) => void submit(values)}
    >
      <Form.Item
        label="Weekdays"
        name="weekdays"
        rules={[{ type: 'array', required: true, min: 1, message: WEEKDAYS_REQUIRED }]}
      >
        <WeekdayCheckboxes aria-label="Weekdays" />
      </Form.Item>
      <Flex gap="middle" wrap>
        <Form.Item
          label="Start date"
          name="startDate"
          rules={[{ required: true, message: START_REQUIRED }]}
          style={{ flex: '1 1 160px' }}
        >
          <DatePicker
            format={DATE_INPUT_FORMATS}
            style={{ width: '100%' }}
            onKeyDown={confirmDateOnly}
          />
        </Form.Item>
        <Form.Item
          label="End date"
          name="endDate"
          dependencies={['startDate']}
          rules={END_RULES}
          style={{ flex: '1 1 160px' }}
        >
          <DatePicker
            format={DATE_INPUT_FORMATS}
            style={{ width: '100%' }}
            onKeyDown={confirmDateOnly}
          />
        </Form.Item>
      </Flex>
      <Form.Item
        label="Repeats"
        name="repeat"
        extra="Week A and Week B follow the two-week timetable set in the settings."
      >
        <Radio.Group aria-label="Repeats" options={REPEAT_OPTIONS} />
      </Form.Item>
      {timed && (
        <Flex gap="middle" wrap>
          <Form.Item
            label="From"
            name="startTime"
            dependencies={['endTime']}
            rules={START_TIME_RULES}
            extra="Leave both times out for the whole day."
            style={{ flex: '1 1 120px' }}
          >
            <TimeOfDayPicker />
          </Form.Item>
          <Form.Item
            label="Until"
            name="endTime"
            dependencies={['startTime']}
            rules={END_TIME_RULES}
            style={{ flex: '1 1 120px' }}
          >
            <TimeOfDayPicker />
          </Form.Item>
        </Flex>
      )}
      <Form.Item
        label="Reason"
        name="reason"
        rules={[
          { required: true, whitespace: true, message: REASON_REQUIRED },
          { max: REASON_MAX, message: `The reason must be at most ${REASON_MAX} characters` },
        ]}
      >
        <Input placeholder="e.g. Year 9 football club" autoComplete="off" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={isLoading}>
        Add weekly commitment
      </Button>
    </Form>
  );
}
