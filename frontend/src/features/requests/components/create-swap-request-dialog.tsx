import {
  Alert,
  Button,
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
import { useGetDutiesQuery, type DutyDto } from '@/features/duties/api';
import { useGetStaffQuery, type StaffDto } from '@/features/staff/api';
import { useCan } from '@/shared/auth/access';
import { useAuthToken } from '@/shared/auth/auth-token';
import { formatDate, LONG_DATE_FORMAT } from '@/shared/lib/dates';
import { focusFirstField } from '@/shared/ui/focus-first-field';
import { LoadError } from '@/shared/ui/load-error';
import { REASON_MAX_LENGTH } from '@/shared/ui/reason-field';

import { useGetSwapOptionsQuery, type CreateSwapRequestDto, type SwapColleagueDto } from '../api';
import { useOwnStaffRecord } from '../lib/own-staff';
import { dutyText } from '../lib/request-format';
import {
  ASK_ANYONE,
  ASK_ANYONE_LABEL,
  NOBODY_CAN_TAKE_DUTY,
  swapRequestBody,
  swapTargetOptions,
} from '../lib/swap-choices';
import { useSendSwapRequest } from '../lib/use-send-swap-request';

const DIALOG_TITLE = 'Create Swap Request';

/** docs/product.md#texts-on-screen: every field of the form is required. */
export const REQUIRED_MESSAGES = {
  requesterId: 'Please select the requester',
  targetId: 'Please select the staff member who takes the duty',
  originalDate: 'Please choose the original date',
  swapDate: 'Please choose the swap date',
  reason: 'Please provide a reason',
} as const;

/** The Duty field's, shown only where the school runs more than the Duty Manager duty. */
export const DUTY_REQUIRED_MESSAGE = 'Please choose the duty';

export const SWAP_DATE_HELP =
  'The same day as the original date: the target covers the duty. Another day: the two trade duties, and the target must be on duty that day.';

/**
 * What the request will do, in words, under the swap date: a cover and a trade differ only by that
 * date, so the form says which one it is before it is sent (docs/product.md#swap-requests).
 */
export function swapKindText(
  requester: string,
  target: string,
  originalDate: string,
  swapDate: string,
): string {
  return originalDate === swapDate
    ? `A cover: ${target} takes ${requester}'s duty on ${dateLabel(originalDate)}.`
    : `A trade: ${target} takes ${requester}'s duty on ${dateLabel(originalDate)}, and ${requester} takes ${target}'s on ${dateLabel(swapDate)}.`;
}

interface SwapFormValues {
  requesterId?: string;
  /** The duty to swap (docs/product.md#duties); the Duty Manager duty's id when the school runs it alone. */
  dutyId?: string;
  /** A colleague's staff id, or ASK_ANYONE. */
  targetId?: string;
  /** `yyyy-MM-dd`, one of the requester's duties. */
  originalDate?: string;
  /** `yyyy-MM-dd`: the original date (a cover) or one of the colleague's trade dates. */
  swapDate?: string;
  reason: string;
}

function dateLabel(date: string): string {
  return formatDate(date, LONG_DATE_FORMAT);
}

/**
 * The request body; only called once the form's rules have passed, so every field is set.
 * `dutyId` only for a duty other than the Duty Manager duty (whose body is as before).
 */
function toCreateSwapRequestDto(
  values: SwapFormValues,
  otherDutyId: string | undefined,
): CreateSwapRequestDto {
  const { requesterId, targetId, originalDate, swapDate, reason } = values;
  if (!requesterId || !targetId || !originalDate || !swapDate) {
    throw new RangeError('A swap request needs every field');
  }
  const body = swapRequestBody({ requesterId, targetId, originalDate, swapDate, reason });
  return otherDutyId ? { ...body, dutyId: otherDutyId } : body;
}

/** A duty as the Duty field offers it: "Break — Playground · 10:40–11:00", the Duty Manager duty by its name. */
function dutyOptionLabel(duty: DutyDto): string {
  return duty.isDutyManager ? duty.name : dutyText(duty);
}

/** What the dialog starts with when opened for one duty (My Rota's "Ask for a swap"). */
export interface SwapRequestStart {
  dutyId?: string;
  originalDate?: string;
}

function byName(a: StaffDto, b: StaffDto): number {
  return a.name.localeCompare(b.name);
}

interface CreateSwapRequestDialogProps {
  open: boolean;
  onClose: () => void;
  /** The duty and day to start from, if any. */
  start?: SwapRequestStart;
}

/**
 * docs/product.md#swap-requests: the Create Swap Request dialog. Admins and managers ask on anyone's behalf;
 * everyone else asks for their own duties only (docs/product.md#swap-requests), as their own staff record.
 */
export function CreateSwapRequestDialog({ open, onClose, start }: CreateSwapRequestDialogProps) {
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
      <SwapRequestDialogBody firstFieldRef={firstFieldRef} onDone={onClose} start={start} />
    </Modal>
  );
}

interface BodyProps {
  firstFieldRef: RefObject<RefSelectProps | null>;
  onDone: () => void;
  start?: SwapRequestStart;
}

/** Waits for the staff list and the signed-in person's own record, then shows the form. */
function SwapRequestDialogBody({ firstFieldRef, onDone, start }: BodyProps) {
  const canDecide = useCan('requests.decide');
  const token = useAuthToken();
  const userQuery = useGetCurrentUserQuery(undefined, { skip: !token });
  const staffQuery = useGetStaffQuery();
  // The school's duties: a Duty field when it runs more than the Duty Manager duty. If they fail
  // to load, the form is the Duty Manager duty's, as before.
  const dutiesQuery = useGetDutiesQuery();
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
  if (!staffQuery.data || (Boolean(token) && userQuery.isLoading) || dutiesQuery.isLoading) {
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
      duties={dutiesQuery.data ?? []}
      start={start}
      staff={staffQuery.data}
      own={ownActive}
      canDecide={canDecide}
      firstFieldRef={firstFieldRef}
      onDone={onDone}
    />
  );
}

interface SwapRequestFormProps extends BodyProps {
  /** The school's duties, in its order. */
  duties: DutyDto[];
  staff: StaffDto[];
  /** The signed-in person's own (active) staff record: the requester unless changed. */
  own: StaffDto | undefined;
  /** Whether they may ask on anyone's behalf; otherwise only as `own`. */
  canDecide: boolean;
}

function SwapRequestForm({
  duties: schoolDuties,
  start,
  staff,
  own,
  canDecide,
  firstFieldRef,
  onDone,
}: SwapRequestFormProps) {
  const [form] = Form.useForm<SwapFormValues>();
  const { send, sending: isLoading } = useSendSwapRequest(onDone);
  const requesterId = Form.useWatch('requesterId', form);
  const dutyId = Form.useWatch('dutyId', form);
  // docs/product.md#duties: with more than the Duty Manager duty, which duty the swap is of.
  const manyDuties = schoolDuties.length > 1;
  const otherDuty = schoolDuties.find((duty) => duty.id === dutyId && !duty.isDutyManager);
  const otherDutyId = otherDuty?.id;
  const originalDate = Form.useWatch('originalDate', form);
  const targetId = Form.useWatch('targetId', form);
  const swapDate = Form.useWatch('swapDate', form);

  // The requester's future duties, then for the chosen one who can take it (and what they could
  // trade): only choices the server would accept are offered.
  // The Duty Manager duty's options are asked for as before (no dutyId).
  const dutiesQuery = useGetSwapOptionsQuery(
    { requesterId: requesterId ?? '', ...(otherDutyId ? { dutyId: otherDutyId } : {}) },
    { skip: !requesterId },
  );
  const colleaguesQuery = useGetSwapOptionsQuery(
    {
      requesterId: requesterId ?? '',
      originalDate: originalDate ?? undefined,
      ...(otherDutyId ? { dutyId: otherDutyId } : {}),
    },
    { skip: !requesterId || !originalDate },
  );
  // `currentData`, not `data`: while the options for a new requester (or duty) load, `data` still
  // holds the previous one's, and the pickers would offer another person's duties and colleagues
  // the server then refuses. Until they arrive there is nothing to pick.
  const duties = requesterId ? (dutiesQuery.currentData?.duties ?? []) : [];
  const colleagues = originalDate ? (colleaguesQuery.currentData?.colleagues ?? []) : [];
  const colleague = colleagues.find((person) => person.id === targetId);

  const activeStaff = useMemo(
    () => staff.filter((person) => person.isActive).sort(byName),
    [staff],
  );
  const requesterOptions = (canDecide ? activeStaff : own ? [own] : []).map((person) => ({
    value: person.id,
    label: person.name,
  }));
  const dateOptions = duties.map((date) => ({ value: date, label: dateLabel(date) }));
  const dutyOptions = schoolDuties.map((duty) => ({
    value: duty.id,
    label: dutyOptionLabel(duty),
  }));
  const targetOptions = swapTargetOptions(colleagues);
  const swapDateOptions =
    originalDate && targetId
      ? [
          { value: originalDate, label: `${dateLabel(originalDate)} (cover: the same day)` },
          ...(colleague?.tradeDates ?? []).map((date) => ({
            value: date,
            label: `${dateLabel(date)} (trade)`,
          })),
        ]
      : [];

  const submit = (values: SwapFormValues) => send(toCreateSwapRequestDto(values, otherDutyId));

  const optionsFailed = dutiesQuery.isError || colleaguesQuery.isError;

  return (
    <Form<SwapFormValues>
      form={form}
      name="create-swap-request"
      layout="vertical"
      noValidate
      disabled={isLoading}
      initialValues={{
        requesterId: own?.id,
        dutyId:
          schoolDuties.find((duty) => duty.id === start?.dutyId)?.id ??
          schoolDuties.find((duty) => duty.isDutyManager)?.id,
        targetId: undefined,
        originalDate: start?.originalDate,
        swapDate: undefined,
        reason: '',
      }}
      onValuesChange={(changed: Partial<SwapFormValues>) =>
        followChanges(form, changed, colleagues)
      }
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
      {manyDuties && (
        <Form.Item
          label="Duty"
          name="dutyId"
          rules={[{ required: true, message: DUTY_REQUIRED_MESSAGE }]}
          extra="Which of the requester's duties to swap."
        >
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="Select a duty"
            options={dutyOptions}
          />
        </Form.Item>
      )}
      {optionsFailed && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title="Failed to load the duties and colleagues to choose from"
          action={
            <Button
              size="small"
              onClick={() => {
                void dutiesQuery.refetch();
                if (originalDate) void colleaguesQuery.refetch();
              }}
            >
              Retry
            </Button>
          }
        />
      )}
      <Form.Item
        label="Original date"
        name="originalDate"
        rules={[{ required: true, message: REQUIRED_MESSAGES.originalDate }]}
        extra="One of the requester's duties from today on."
      >
        <Select
          ref={canDecide ? undefined : firstFieldRef}
          // Typing "15" or "Monday" narrows the list.
          showSearch={{ optionFilterProp: 'label' }}
          placeholder="Select a duty"
          options={dateOptions}
          loading={dutiesQuery.isFetching}
          notFoundContent={
            !requesterId
              ? 'Select the requester first'
              : dutiesQuery.isFetching
                ? 'Loading…'
                : 'No duties from today on'
          }
        />
      </Form.Item>
      <Form.Item
        label="Target"
        name="targetId"
        rules={[{ required: true, message: REQUIRED_MESSAGES.targetId }]}
        extra={`Who takes the duty: a colleague who can, or "${ASK_ANYONE_LABEL}" to offer it to all of them (the first to accept takes it).`}
      >
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          placeholder="Select a staff member"
          options={targetOptions}
          loading={colleaguesQuery.isFetching}
          notFoundContent={
            !originalDate
              ? 'Choose the original date first'
              : colleaguesQuery.isFetching
                ? 'Loading…'
                : NOBODY_CAN_TAKE_DUTY
          }
        />
      </Form.Item>
      <Form.Item
        label="Swap date"
        name="swapDate"
        rules={[{ required: true, message: REQUIRED_MESSAGES.swapDate }]}
        extra={SWAP_DATE_HELP}
      >
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          placeholder="Select the swap date"
          options={swapDateOptions}
          disabled={targetId === ASK_ANYONE}
          notFoundContent={targetId ? 'No such date' : 'Choose the target first'}
        />
      </Form.Item>
      {colleague && originalDate && swapDate && (
        <Typography.Paragraph role="status" strong>
          {swapKindText(
            requesterOptions.find((option) => option.value === requesterId)?.label ??
              'the requester',
            colleague.name,
            originalDate,
            swapDate,
          )}
        </Typography.Paragraph>
      )}
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
        The colleague is asked first. Once they accept, an administrator or manager approves or
        rejects the request, unless auto-approval for swaps is on.
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
 * Keeps the form consistent: each choice depends on the one before it, so changing the
 * requester clears the rest and a new original date clears the target. A new target sets the
 * swap date to a cover when that is all it can be ("Ask anyone", or a colleague with no duty to
 * trade); with a trade possible it is left for the person to choose, so a trade never silently
 * becomes a cover.
 */
function followChanges(
  form: FormInstance<SwapFormValues>,
  changed: Partial<SwapFormValues>,
  colleagues: readonly SwapColleagueDto[],
) {
  if ('requesterId' in changed || 'dutyId' in changed) {
    form.setFieldsValue({ originalDate: undefined, targetId: undefined, swapDate: undefined });
  } else if ('originalDate' in changed) {
    form.setFieldsValue({ targetId: undefined, swapDate: undefined });
  } else if ('targetId' in changed) {
    const tradeDates =
      colleagues.find((person) => person.id === changed.targetId)?.tradeDates ?? [];
    form.setFieldValue(
      'swapDate',
      tradeDates.length ? undefined : form.getFieldValue('originalDate'),
    );
  }
}
