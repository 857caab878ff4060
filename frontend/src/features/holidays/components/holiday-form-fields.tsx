import { DatePicker, Form, Input, Select, type FormInstance, type InputRef } from 'antd';
import type { Ref } from 'react';

import { DATE_INPUT_FORMATS, parseDate, toIsoDate, type Dayjs } from '@/shared/lib/dates';
import { trimmed, trimmedOrNull } from '@/shared/lib/text';
import { confirmDateOnly } from '@/shared/ui/confirm-date-only';

import type { HolidayDto, HolidayType, SaveHolidayDto } from '../api';
import { HOLIDAY_TYPE_OPTIONS } from '../lib/holiday-types';

export interface HolidayFormValues {
  name: string;
  type: HolidayType;
  startDate: Dayjs | null;
  endDate: Dayjs | null;
  description?: string;
}

export const NEW_HOLIDAY: HolidayFormValues = {
  name: '',
  type: 'bank_holiday',
  startDate: null,
  endDate: null,
  description: '',
};

export function holidayFormValues(holiday: HolidayDto): HolidayFormValues {
  return {
    name: holiday.name,
    type: holiday.type,
    startDate: parseDate(holiday.startDate),
    endDate: parseDate(holiday.endDate),
    description: holiday.description ?? '',
  };
}

/** The request body; only called once the form's rules have passed, so both dates are set. */
export function toSaveHolidayDto(values: HolidayFormValues): SaveHolidayDto {
  if (!values.startDate || !values.endDate) throw new RangeError('A holiday needs both dates');
  return {
    name: trimmed(values.name),
    type: values.type,
    startDate: toIsoDate(values.startDate),
    endDate: toIsoDate(values.endDate),
    description: trimmedOrNull(values.description),
  };
}

/**
 * For a single day: picking the start date also sets an empty (or earlier) end date to it, so
 * one date is enough. A holiday period leaves the end date for the user to choose.
 */
export function followStartDate(
  form: FormInstance<HolidayFormValues>,
  changed: Partial<HolidayFormValues>,
) {
  const start = changed.startDate;
  if (!start) return;
  const end = form.getFieldValue('endDate') as Dayjs | null | undefined;
  if (!end || end.isBefore(start, 'day')) form.setFieldValue('endDate', start);
}

interface HolidayFormFieldsProps {
  nameRef?: Ref<InputRef>;
}

/** The holiday fields shared by the Add New Holiday form and the Edit Holiday dialog. */
export function HolidayFormFields({ nameRef }: HolidayFormFieldsProps) {
  return (
    <>
      <Form.Item
        label="Name"
        name="name"
        rules={[
          { required: true, whitespace: true, message: 'Name is required' },
          { max: 255, message: 'Name must be at most 255 characters' },
        ]}
      >
        <Input ref={nameRef} placeholder="e.g. Christmas Day" />
      </Form.Item>
      <Form.Item label="Type" name="type">
        <Select options={HOLIDAY_TYPE_OPTIONS} />
      </Form.Item>
      <Form.Item
        label="Start Date"
        name="startDate"
        rules={[{ required: true, message: 'Start date is required' }]}
      >
        <DatePicker
          format={DATE_INPUT_FORMATS}
          style={{ width: '100%' }}
          onKeyDown={confirmDateOnly}
        />
      </Form.Item>
      <Form.Item
        label="End Date"
        name="endDate"
        dependencies={['startDate']}
        rules={[
          { required: true, message: 'End date is required' },
          ({ getFieldValue }) => ({
            validator: async (_rule, end: Dayjs | null) => {
              const start = getFieldValue('startDate') as Dayjs | null;
              if (start && end && end.isBefore(start, 'day')) {
                throw new Error('End date must be on or after the start date');
              }
            },
          }),
        ]}
      >
        <DatePicker
          format={DATE_INPUT_FORMATS}
          style={{ width: '100%' }}
          onKeyDown={confirmDateOnly}
        />
      </Form.Item>
      <Form.Item
        label="Description"
        name="description"
        rules={[{ max: 1000, message: 'Description must be at most 1000 characters' }]}
      >
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} />
      </Form.Item>
    </>
  );
}
