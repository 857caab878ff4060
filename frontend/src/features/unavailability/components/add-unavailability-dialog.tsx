import { Alert, DatePicker, Flex, Form, Input, Modal, Select, Typography } from 'antd';
import type { RefSelectProps } from 'antd/es/select';
import { useRef, useState } from 'react';

import type { StaffDto } from '@/features/staff/api';
import { getServerMessage } from '@/shared/api/errors';
import { DATE_INPUT_FORMATS, parseDate, toIsoDate, type Dayjs } from '@/shared/lib/dates';
import { isBlank, trimmed } from '@/shared/lib/text';
import { confirmDateOnly } from '@/shared/ui/confirm-date-only';
import { focusFirstField } from '@/shared/ui/focus-first-field';
import { useToast } from '@/shared/ui/toast';

import {
  useCreateUnavailabilityMutation,
  useUpdateUnavailabilityMutation,
  type UnavailabilityDto,
  type UnavailabilityResultDto,
  type UnavailabilityType,
} from '../api';
import {
  DEFAULT_UNAVAILABILITY_TYPE,
  UNAVAILABILITY_TYPE_OPTIONS,
} from '../lib/unavailability-types';

const DIALOG_TITLE = 'Add Unavailability';
const EDIT_TITLE = 'Edit Unavailability';
/** The form's validation messages (docs/product.md#texts-on-screen). */
const REQUIRED_MESSAGE = 'Please fill in all required fields';
const DATE_ORDER_MESSAGE = 'End date must be after start date';
/** The success message (docs/product.md#texts-on-screen). */
const ADDED_MESSAGE =
  'Unavailability period added successfully. Any existing duty assignments have been cancelled.';
const UPDATED_MESSAGE = 'Unavailability period updated.';
/** The server refuses longer reasons. */
const REASON_MAX = 500;

interface UnavailabilityFormValues {
  type: UnavailabilityType;
  startDate: Dayjs | null;
  endDate: Dayjs | null;
  reason: string;
}

type FieldName = keyof UnavailabilityFormValues;

const NEW_PERIOD: UnavailabilityFormValues = {
  type: DEFAULT_UNAVAILABILITY_TYPE,
  startDate: null,
  endDate: null,
  reason: '',
};

/** What is wrong with the form: one message, and the fields to mark. */
interface Problem {
  message: string;
  fields: FieldName[];
}

/** docs/product.md#texts-on-screen: dates and reason required; the start not after the end. */
function findProblem(values: UnavailabilityFormValues): Problem | undefined {
  const missing: FieldName[] = [];
  if (!values.startDate) missing.push('startDate');
  if (!values.endDate) missing.push('endDate');
  if (isBlank(values.reason)) missing.push('reason');
  if (missing.length > 0) return { message: REQUIRED_MESSAGE, fields: missing };
  if (values.startDate && values.endDate && values.startDate.isAfter(values.endDate, 'day')) {
    return { message: DATE_ORDER_MESSAGE, fields: ['endDate'] };
  }
  return undefined;
}

/**
 * The success toast says it once: the fixed text, or, when duties were taken off, the server's
 * message, which starts with the same words and gives the count instead of repeating them.
 */
function addedDescription(result: UnavailabilityResultDto): string {
  return result.cancelledDuties > 0 ? result.message : ADDED_MESSAGE;
}

/** The form filled in with a stored period, to change it. */
function valuesOf(period: UnavailabilityDto): UnavailabilityFormValues {
  return {
    type: period.type,
    startDate: parseDate(period.startDate),
    endDate: parseDate(period.endDate),
    reason: period.reason,
  };
}

interface AddUnavailabilityDialogProps {
  open: boolean;
  staff: StaffDto;
  isOwn: boolean;
  /** A stored period to change (Edit Unavailability); without one, a new period is added. */
  period?: UnavailabilityDto;
  onClose: () => void;
  afterClose?: () => void;
}

/**
 * docs/product.md#unavailability, My Rota: the Add Unavailability dialog, and the same form as
 * Edit Unavailability for a stored period. A change that newly covers duties takes the person off
 * them, as adding does; the toast says how many.
 */
export function AddUnavailabilityDialog({
  open,
  staff,
  isOwn,
  period,
  onClose,
  afterClose,
}: AddUnavailabilityDialogProps) {
  const [createUnavailability, createState] = useCreateUnavailabilityMutation();
  const [updateUnavailability, updateState] = useUpdateUnavailabilityMutation();
  const isLoading = createState.isLoading || updateState.isLoading;
  const [form] = Form.useForm<UnavailabilityFormValues>();
  const typeRef = useRef<RefSelectProps>(null);
  const [problem, setProblem] = useState<Problem>();
  const toast = useToast();

  const marked = (field: FieldName) => problem?.fields.includes(field) ?? false;

  const submit = async (values: UnavailabilityFormValues) => {
    const found = findProblem(values);
    setProblem(found);
    if (found || !values.startDate || !values.endDate) return;
    if (period) {
      try {
        const result = await updateUnavailability({
          id: period.id,
          updateUnavailabilityDto: {
            startDate: toIsoDate(values.startDate),
            endDate: toIsoDate(values.endDate),
            reason: trimmed(values.reason),
            type: values.type,
          },
        }).unwrap();
        toast({
          title: 'Success',
          description: result.cancelledDuties > 0 ? result.message : UPDATED_MESSAGE,
        });
        onClose();
      } catch (error) {
        toast({
          variant: 'destructive',
          description: getServerMessage(error) ?? 'Failed to update unavailability period',
        });
      }
      return;
    }
    try {
      const result = await createUnavailability({
        createUnavailabilityDto: {
          staffId: staff.id,
          startDate: toIsoDate(values.startDate),
          endDate: toIsoDate(values.endDate),
          reason: trimmed(values.reason),
          type: values.type,
        },
      }).unwrap();
      toast({ title: 'Success', description: addedDescription(result) });
      onClose();
    } catch (error) {
      toast({
        variant: 'destructive',
        description: getServerMessage(error) ?? 'Failed to add unavailability period',
      });
    }
  };

  return (
    <Modal
      open={open}
      title={period ? EDIT_TITLE : DIALOG_TITLE}
      okText={period ? 'Save' : 'Add'}
      okButtonProps={{ htmlType: 'submit', loading: isLoading }}
      cancelButtonProps={{ disabled: isLoading }}
      onCancel={onClose}
      afterClose={afterClose}
      afterOpenChange={(visible) => {
        if (visible) focusFirstField(typeRef.current);
      }}
      destroyOnHidden
      // The form wraps the whole dialog so the footer's Add button and Enter both submit it.
      modalRender={(dialog) => (
        <Form<UnavailabilityFormValues>
          form={form}
          name={period ? 'edit-unavailability' : 'add-unavailability'}
          layout="vertical"
          noValidate
          disabled={isLoading}
          initialValues={period ? valuesOf(period) : NEW_PERIOD}
          onValuesChange={(changed: Partial<UnavailabilityFormValues>) => {
            // One date is enough for a single day: the end follows a start picked first.
            if (changed.startDate && !form.getFieldValue('endDate')) {
              form.setFieldValue('endDate', changed.startDate);
            }
            setProblem(undefined);
          }}
          onFinish={(values) => void submit(values)}
        >
          {dialog}
        </Form>
      )}
    >
      <Typography.Paragraph type="secondary">
        {isOwn
          ? 'You will be taken off any duties in this period.'
          : `${staff.name} will be taken off any duties in this period.`}
      </Typography.Paragraph>
      {problem && (
        <Alert type="error" showIcon title={problem.message} style={{ marginBottom: 16 }} />
      )}
      <Form.Item label="Type" name="type">
        <Select ref={typeRef} options={UNAVAILABILITY_TYPE_OPTIONS} />
      </Form.Item>
      <Flex gap="middle" wrap>
        <Form.Item
          label="Start date"
          name="startDate"
          required
          validateStatus={marked('startDate') ? 'error' : undefined}
          style={{ flex: '1 1 180px' }}
        >
          <DatePicker
            format={DATE_INPUT_FORMATS}
            style={{ width: '100%' }}
            aria-invalid={marked('startDate') || undefined}
            onKeyDown={confirmDateOnly}
          />
        </Form.Item>
        <Form.Item
          label="End date"
          name="endDate"
          required
          validateStatus={marked('endDate') ? 'error' : undefined}
          style={{ flex: '1 1 180px' }}
        >
          <DatePicker
            format={DATE_INPUT_FORMATS}
            style={{ width: '100%' }}
            aria-invalid={marked('endDate') || undefined}
            onKeyDown={confirmDateOnly}
          />
        </Form.Item>
      </Flex>
      <Form.Item
        label="Reason"
        name="reason"
        required
        validateStatus={marked('reason') ? 'error' : undefined}
        rules={[
          { max: REASON_MAX, message: `The reason must be at most ${REASON_MAX} characters` },
        ]}
      >
        <Input.TextArea
          autoSize={{ minRows: 2, maxRows: 5 }}
          placeholder="e.g. Family holiday"
          aria-invalid={marked('reason') || undefined}
        />
      </Form.Item>
    </Modal>
  );
}
