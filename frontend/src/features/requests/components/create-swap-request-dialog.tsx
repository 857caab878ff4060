import {
  Alert,
  Button,
  DatePicker,
  Flex,
  Form,
  Input,
  Modal,
  Select,
  Spin,
  Typography,
  type FormInstance,
  type RefSelectProps,
} from 'antd';
import { useMemo, useRef, type RefObject } from 'react';

import { useGetCurrentUserQuery } from '@/features/auth/api';
import { useGetCurrentWeekQuery } from '@/features/rota/api';
import { useGetStaffQuery, type StaffDto } from '@/features/staff/api';
import { useOwnStaffRecord } from '@/features/staff/api/own-staff';
import { getServerMessage } from '@/shared/api/errors';
import { useCan } from '@/shared/auth/access';
import { useAuthToken } from '@/shared/auth/auth-token';
import {
  DATE_INPUT_FORMATS,
  isWeekend,
  parseDate,
  toIsoDate,
  type Dayjs,
} from '@/shared/lib/dates';
import { trimmed } from '@/shared/lib/text';
import { confirmDateOnly } from '@/shared/ui/confirm-date-only';
import { focusFirstField } from '@/shared/ui/focus-first-field';
import { LoadError } from '@/shared/ui/load-error';
import { useToast } from '@/shared/ui/toast';

import { useCreateSwapRequestMutation, type CreateSwapRequestDto } from '../api';

const DIALOG_TITLE = 'Create Swap Request';
const REASON_MAX_LENGTH = 500;

/** docs/product.md#texts-on-screen: every field of the form is required. */
export const REQUIRED_MESSAGES = {
  requesterId: 'Please select the requester',
  targetId: 'Please select the staff member who takes the duty',
  originalDate: 'Please choose the original date',
  swapDate: 'Please choose the swap date',
  reason: 'Please provide a reason',
} as const;

export const SWAP_DATE_HELP =
  'The same day as the original date: the target covers the duty. Another day: the two trade duties, and the target must be on duty that day.';

interface SwapFormValues {
  requesterId?: string;
  targetId?: string;
  originalDate: Dayjs | null;
  swapDate: Dayjs | null;
  reason: string;
}

/** The request body; only called once the form's rules have passed, so every field is set. */
function toCreateSwapRequestDto(values: SwapFormValues): CreateSwapRequestDto {
  const { requesterId, targetId, originalDate, swapDate, reason } = values;
  if (!requesterId || !targetId || !originalDate || !swapDate) {
    throw new RangeError('A swap request needs every field');
  }
  return {
    requesterId,
    targetId,
    originalDate: toIsoDate(originalDate),
    swapDate: toIsoDate(swapDate),
    reason: trimmed(reason),
  };
}

function byName(a: StaffDto, b: StaffDto): number {
  return a.name.localeCompare(b.name);
}

interface CreateSwapRequestDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * docs/product.md#swap-requests: the Create Swap Request dialog. Admins and managers ask on anyone's behalf;
 * everyone else asks for their own duties only (docs/product.md#swap-requests), as their own staff record.
 */
export function CreateSwapRequestDialog({ open, onClose }: CreateSwapRequestDialogProps) {
  const firstFieldRef = useRef<RefSelectProps>(null);
  return (
    <Modal
      open={open}
      title={DIALOG_TITLE}
      onCancel={onClose}
      afterOpenChange={(visible) => {
        if (visible) focusFirstField(firstFieldRef.current);
      }}
      destroyOnHidden
      footer={null}
    >
      <SwapRequestDialogBody firstFieldRef={firstFieldRef} onDone={onClose} />
    </Modal>
  );
}

interface BodyProps {
  firstFieldRef: RefObject<RefSelectProps | null>;
  onDone: () => void;
}

/** Waits for the staff list and the signed-in person's own record, then shows the form. */
function SwapRequestDialogBody({ firstFieldRef, onDone }: BodyProps) {
  const canDecide = useCan('requests.decide');
  const token = useAuthToken();
  const userQuery = useGetCurrentUserQuery(undefined, { skip: !token });
  const staffQuery = useGetStaffQuery();
  const own = useOwnStaffRecord();

  const closeButton = (
    <Flex justify="end" style={{ marginTop: 16 }}>
      <Button onClick={onDone}>OK</Button>
    </Flex>
  );

  if (staffQuery.isError && !staffQuery.data) {
    return (
      <>
        <LoadError
          title="Failed to load staff members"
          error={staffQuery.error}
          retrying={staffQuery.isFetching}
          onRetry={() => void staffQuery.refetch()}
        />
        {closeButton}
      </>
    );
  }
  if (!staffQuery.data || (Boolean(token) && userQuery.isLoading)) {
    return (
      <Flex justify="center" style={{ padding: 24 }} role="status">
        <Spin description="Loading staff members…" />
      </Flex>
    );
  }
  const ownActive = own?.isActive ? own : undefined;
  if (!canDecide && !ownActive) {
    return (
      <>
        <Alert
          type="info"
          showIcon
          title="No staff record linked to your account"
          description="Swap requests are made for your own duties, and your account is not linked to an active staff record. Ask an administrator to link it."
        />
        {closeButton}
      </>
    );
  }
  return (
    <SwapRequestForm
      staff={staffQuery.data}
      own={ownActive}
      canDecide={canDecide}
      firstFieldRef={firstFieldRef}
      onDone={onDone}
    />
  );
}

interface SwapRequestFormProps extends BodyProps {
  staff: StaffDto[];
  /** The signed-in person's own (active) staff record: the requester unless changed. */
  own: StaffDto | undefined;
  /** Whether they may ask on anyone's behalf; otherwise only as `own`. */
  canDecide: boolean;
}

function SwapRequestForm({ staff, own, canDecide, firstFieldRef, onDone }: SwapRequestFormProps) {
  const [form] = Form.useForm<SwapFormValues>();
  const [createSwapRequest, { isLoading }] = useCreateSwapRequestMutation();
  const toast = useToast();
  const todayIso = useGetCurrentWeekQuery().data?.today;
  const requesterId = Form.useWatch('requesterId', form);
  const originalDate = Form.useWatch('originalDate', form);

  const activeStaff = useMemo(
    () => staff.filter((person) => person.isActive).sort(byName),
    [staff],
  );
  const requesterOptions = (canDecide ? activeStaff : own ? [own] : []).map((person) => ({
    value: person.id,
    label: person.name,
  }));
  const targetOptions = activeStaff
    .filter((person) => person.id !== requesterId)
    .map((person) => ({ value: person.id, label: person.name }));

  // The business "today" is the server's (the organisation's time zone), never the browser's.
  const today = todayIso ? parseDate(todayIso) : undefined;
  const disabledDate = (date: Dayjs) =>
    isWeekend(date) || (today !== undefined && date.isBefore(today, 'day'));
  // The calendars open on the business today (or the original date), not the browser's month.
  const pickerStart = today && today.isValid() ? today : undefined;
  const dateRule = {
    validator: async (_rule: unknown, date: Dayjs | null) => {
      if (!date) return;
      if (isWeekend(date)) throw new Error('Duties are on weekdays: choose Monday to Friday');
      if (today && date.isBefore(today, 'day')) throw new Error('Choose today or a later day');
    },
  };

  const submit = async (values: SwapFormValues) => {
    try {
      const result = await createSwapRequest({
        createSwapRequestDto: toCreateSwapRequestDto(values),
      }).unwrap();
      toast({
        title: 'Swap request created',
        description: result.processedAutomatically
          ? result.message
          : 'Swap request created successfully',
      });
      onDone();
    } catch (error) {
      toast({
        variant: 'destructive',
        description: getServerMessage(error) ?? 'Failed to create swap request',
      });
    }
  };

  return (
    <Form<SwapFormValues>
      form={form}
      name="create-swap-request"
      layout="vertical"
      noValidate
      disabled={isLoading}
      initialValues={{
        requesterId: own?.id,
        targetId: undefined,
        originalDate: null,
        swapDate: null,
        reason: '',
      }}
      onValuesChange={(changed: Partial<SwapFormValues>) => followChanges(form, changed)}
      onFinish={(values) => void submit(values)}
    >
      <Form.Item
        label="Requester"
        name="requesterId"
        rules={[{ required: true, message: REQUIRED_MESSAGES.requesterId }]}
        extra={canDecide ? 'Whose duty it is.' : 'You can ask for swaps of your own duties.'}
      >
        <Select
          ref={canDecide ? firstFieldRef : undefined}
          showSearch={{ optionFilterProp: 'label' }}
          placeholder="Select a staff member"
          options={requesterOptions}
          disabled={!canDecide}
          notFoundContent="No active staff members"
        />
      </Form.Item>
      <Form.Item
        label="Target"
        name="targetId"
        rules={[{ required: true, message: REQUIRED_MESSAGES.targetId }]}
        extra="Who takes the duty."
      >
        <Select
          ref={canDecide ? undefined : firstFieldRef}
          showSearch={{ optionFilterProp: 'label' }}
          placeholder="Select a staff member"
          options={targetOptions}
          notFoundContent="No other active staff members"
        />
      </Form.Item>
      <Flex gap="middle" wrap>
        <Form.Item
          label="Original date"
          name="originalDate"
          rules={[{ required: true, message: REQUIRED_MESSAGES.originalDate }, dateRule]}
          extra="A day the requester is on duty."
          style={{ flex: '1 1 200px' }}
        >
          <DatePicker
            format={DATE_INPUT_FORMATS}
            disabledDate={disabledDate}
            defaultPickerValue={pickerStart}
            style={{ width: '100%' }}
            onKeyDown={confirmDateOnly}
          />
        </Form.Item>
        <Form.Item
          label="Swap date"
          name="swapDate"
          rules={[{ required: true, message: REQUIRED_MESSAGES.swapDate }, dateRule]}
          extra={SWAP_DATE_HELP}
          style={{ flex: '1 1 200px' }}
        >
          <DatePicker
            format={DATE_INPUT_FORMATS}
            disabledDate={disabledDate}
            defaultPickerValue={originalDate ?? pickerStart}
            style={{ width: '100%' }}
            onKeyDown={confirmDateOnly}
          />
        </Form.Item>
      </Flex>
      <Form.Item
        label="Reason"
        name="reason"
        rules={[
          { required: true, whitespace: true, message: REQUIRED_MESSAGES.reason },
          {
            max: REASON_MAX_LENGTH,
            message: `Reason must be at most ${REASON_MAX_LENGTH} characters`,
          },
        ]}
      >
        <Input.TextArea
          autoSize={{ minRows: 2, maxRows: 5 }}
          maxLength={REASON_MAX_LENGTH}
          showCount
          placeholder="e.g. Parents evening"
        />
      </Form.Item>
      <Typography.Paragraph type="secondary">
        {canDecide
          ? 'The request waits for approval unless auto-approval for swaps is on.'
          : 'An administrator or manager approves or rejects the request, unless auto-approval for swaps is on.'}
      </Typography.Paragraph>
      <Flex justify="end" gap="small">
        <Button onClick={onDone} disabled={isLoading}>
          Cancel
        </Button>
        <Button type="primary" htmlType="submit" loading={isLoading}>
          Submit Request
        </Button>
      </Flex>
    </Form>
  );
}

/**
 * Keeps the form consistent: a new requester can't also be the target, and picking the original
 * date fills an empty swap date with it (a cover, the most common request).
 */
function followChanges(form: FormInstance<SwapFormValues>, changed: Partial<SwapFormValues>) {
  if (changed.requesterId !== undefined && form.getFieldValue('targetId') === changed.requesterId) {
    form.setFieldValue('targetId', undefined);
  }
  if (changed.originalDate && !form.getFieldValue('swapDate')) {
    form.setFieldValue('swapDate', changed.originalDate);
  }
}
