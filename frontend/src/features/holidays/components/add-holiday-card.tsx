import { Alert, Button, Form, type FormInstance, type InputRef } from 'antd';
import type { RefObject } from 'react';

import { getServerMessage } from '@/shared/api/errors';
import { changeOutcome } from '@/shared/lib/rota-change';
import { SectionCard } from '@/shared/ui/section-card';
import { useToast } from '@/shared/ui/toast';

import { useCreateHolidayMutation } from '../api';
import {
  followStartDate,
  HolidayFormFields,
  NEW_HOLIDAY,
  toSaveHolidayDto,
  type HolidayFormValues,
} from './holiday-form-fields';
import { HolidayRotaImpact } from './holiday-rota-impact';

interface AddHolidayCardProps {
  form: FormInstance<HolidayFormValues>;
  nameRef: RefObject<InputRef | null>;
  /** Set up for a multi-day period (docs/product.md#holidays: "Add Holiday Period"), not a single day. */
  period: boolean;
  onPeriodChange: (period: boolean) => void;
}

/** docs/product.md#holidays: the Add New Holiday form. */
export function AddHolidayCard({ form, nameRef, period, onPeriodChange }: AddHolidayCardProps) {
  const [createHoliday, { isLoading }] = useCreateHolidayMutation();
  const toast = useToast();

  const submit = async (values: HolidayFormValues) => {
    try {
      const saved = await createHoliday({ saveHolidayDto: toSaveHolidayDto(values) }).unwrap();
      toast({
        title: 'Success',
        description: changeOutcome('Holiday added successfully', saved.rotaChange),
      });
      form.resetFields();
      onPeriodChange(false);
    } catch (error) {
      toast({
        variant: 'destructive',
        description: getServerMessage(error) ?? 'Failed to add holiday',
      });
    }
  };

  return (
    <SectionCard title="Add New Holiday">
      {period && (
        <Alert
          type="info"
          style={{ marginBottom: 16 }}
          title="Adding a holiday period"
          description="Choose its first and last day, e.g. the Monday and Friday of a half-term break."
          closable={{ onClose: () => onPeriodChange(false), 'aria-label': 'Back to a single day' }}
        />
      )}
      <Form<HolidayFormValues>
        form={form}
        name="add-holiday"
        layout="vertical"
        noValidate
        disabled={isLoading}
        initialValues={NEW_HOLIDAY}
        onValuesChange={(changed: Partial<HolidayFormValues>) => {
          if (!period) followStartDate(form, changed);
        }}
        onFinish={(values) => void submit(values)}
      >
        <HolidayFormFields nameRef={nameRef} />
        <HolidayRotaImpact form={form} verb="Adding" />
        <Form.Item style={{ marginBottom: 0 }}>
          <Button type="primary" htmlType="submit" loading={isLoading} block>
            Add Holiday
          </Button>
        </Form.Item>
      </Form>
    </SectionCard>
  );
}
