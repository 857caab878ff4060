import { CalendarOutlined, DeleteOutlined, SwapOutlined } from '@ant-design/icons';
import {
  Button,
  DatePicker,
  Flex,
  Form,
  Input,
  Space,
  Typography,
  type GetRef,
  type RefSelectProps,
} from 'antd';
import { useEffect, useRef, type ReactNode, type RefObject } from 'react';

import { getServerCode, getServerMessage } from '@/shared/api/errors';
import {
  DATE_INPUT_FORMATS,
  formatDate,
  LONG_DATE_FORMAT,
  parseDate,
  toIsoDate,
  type Dayjs,
} from '@/shared/lib/dates';
import { trimmed } from '@/shared/lib/text';
import { confirmDateOnly } from '@/shared/ui/confirm-date-only';
import { useToast } from '@/shared/ui/toast';

import {
  useGetCurrentWeekQuery,
  useMoveOnRotaMutation,
  useRemoveFromRotaMutation,
  useReplaceOnRotaMutation,
  type RotaEditResultDto,
  type RotaPersonDto,
} from '../api';
import { REASON_MAX_LENGTH } from '../lib/duty-requests';
import {
  ASSIGN_REQUIRED_MESSAGE,
  editFailureTitle,
  MOVE_ACTION,
  MOVE_DATE_REQUIRED_MESSAGE,
  moveDateProblem,
  REMOVE_ACTION,
  REMOVE_REASON_REQUIRED_MESSAGE,
  REPLACE_ACTION,
  REPLACE_TARGET_REQUIRED_MESSAGE,
} from '../lib/rota-edits';
import { CandidateField, useCandidates } from './candidate-field';
import type { DutySlot } from './duty-dialog';
import { RequestReasonField } from './duty-requests';
import { useConfirmOverride } from './use-confirm-override';

/** `override: true` only on the resend an admin confirmed, so a first attempt is refused as usual. */
function overrideFlag(override: boolean): { override?: true } {
  return override ? { override: true } : {};
}

/** The direct edits of a filled slot (docs/product.md#editing-the-rota-directly). */
export type EditMode = 'replace' | 'remove' | 'move';

type TextAreaRef = GetRef<typeof Input.TextArea>;

/**
 * What an edit tells: the server's message in a plain toast, or why it was refused (its message,
 * else `fallback`) in a destructive one, titled as the assignment conflicts are.
 */
function useEditOutcome() {
  const toast = useToast();
  return {
    succeeded: (title: string, result: RotaEditResultDto) =>
      toast({ title, description: result.message }),
    failed: (error: unknown, fallback: string) =>
      toast({
        variant: 'destructive',
        title: editFailureTitle(getServerCode(error)),
        description: getServerMessage(error) ?? fallback,
      }),
  };
}

function FormButtons({
  saving,
  disabled,
  submitLabel,
  danger,
  cancelLabel,
  onCancel,
}: {
  saving: boolean;
  disabled?: boolean;
  submitLabel: string;
  danger?: boolean;
  cancelLabel: string;
  onCancel: () => void;
}) {
  return (
    <Flex justify="end" gap="small" wrap>
      <Button onClick={onCancel} disabled={saving}>
        {cancelLabel}
      </Button>
      <Button type="primary" danger={danger} htmlType="submit" loading={saving} disabled={disabled}>
        {submitLabel}
      </Button>
    </Flex>
  );
}

function Lead({ children }: { children: ReactNode }) {
  return <Typography.Paragraph style={{ marginBottom: 16 }}>{children}</Typography.Paragraph>;
}

interface AssignFormProps {
  slot: DutySlot;
  selectRef: RefObject<RefSelectProps | null>;
  onDone: () => void;
}

/**
 * Assign, on an empty slot of a day from today on: one of the people who may be on that day, put
 * in this slot (`POST /api/rota/replace` with the slot empty), who is emailed.
 */
export function AssignForm({ slot, selectRef, onDone }: AssignFormProps) {
  const candidates = useCandidates(slot.date);
  const [replace, { isLoading: saving }] = useReplaceOnRotaMutation();
  const outcome = useEditOutcome();
  const { send, contextHolder } = useConfirmOverride();

  const submit = async ({ staffId }: { staffId?: string }) => {
    if (!staffId) return;
    try {
      const result = await send((override) =>
        replace({
          // Seen empty: if someone fills it meanwhile, the server refuses instead of replacing them.
          replaceOnRotaDto: {
            date: slot.date,
            position: slot.position,
            staffId,
            expectedStaffId: null,
            ...overrideFlag(override),
          },
        }).unwrap(),
      );
      if (!result) return;
      outcome.succeeded('Staff assigned', result);
      onDone();
    } catch (error) {
      outcome.failed(error, 'Failed to assign staff member');
    }
  };

  return (
    <Form<{ staffId?: string }>
      name="assign-duty"
      layout="vertical"
      noValidate
      disabled={saving}
      onFinish={(values) => void submit(values)}
    >
      {contextHolder}
      <CandidateField
        candidates={candidates}
        requiredMessage={ASSIGN_REQUIRED_MESSAGE}
        selectRef={selectRef}
      />
      {candidates.closed ? (
        // A closed day (a holiday, out of term): nobody can be put on it, so nothing to assign.
        <Flex justify="end">
          <Button type="primary" onClick={onDone}>
            OK
          </Button>
        </Flex>
      ) : (
        <FormButtons
          saving={saving}
          disabled={!candidates.ready}
          submitLabel="Assign"
          cancelLabel="Cancel"
          onCancel={onDone}
        />
      )}
    </Form>
  );
}

export interface EditFormProps {
  slot: DutySlot;
  /** Who is on duty in the slot. */
  person: RotaPersonDto;
  onBack: () => void;
  onDone: () => void;
}

interface ReplaceValues {
  staffId?: string;
  reason?: string;
}

/** Replace with…: someone else takes the slot; the person taken off is emailed, with the reason. */
export function ReplaceForm({ slot, person, onBack, onDone }: EditFormProps) {
  const candidates = useCandidates(slot.date);
  const [replace, { isLoading: saving }] = useReplaceOnRotaMutation();
  const outcome = useEditOutcome();
  const { send, contextHolder } = useConfirmOverride();
  const selectRef = useRef<RefSelectProps>(null);
  const ready = candidates.ready;

  // The form replaces the overview the person was on: take them to its first field.
  useEffect(() => {
    if (ready) selectRef.current?.focus();
  }, [ready]);

  const submit = async ({ staffId, reason }: ReplaceValues) => {
    if (!staffId) return;
    const text = trimmed(reason);
    try {
      const result = await send((override) =>
        replace({
          replaceOnRotaDto: {
            date: slot.date,
            position: slot.position,
            staffId,
            expectedStaffId: person.id,
            ...(text ? { reason: text } : {}),
            ...overrideFlag(override),
          },
        }).unwrap(),
      );
      if (!result) return;
      outcome.succeeded('Duty replaced', result);
      onDone();
    } catch (error) {
      outcome.failed(error, 'Failed to replace the duty manager');
    }
  };

  return (
    <Form<ReplaceValues>
      name="replace-duty"
      layout="vertical"
      noValidate
      disabled={saving}
      onFinish={(values) => void submit(values)}
    >
      {contextHolder}
      <Lead>
        Choose who takes <Typography.Text strong>{person.name}</Typography.Text>&apos;s duty on{' '}
        {formatDate(slot.date, LONG_DATE_FORMAT)}. {person.name} is emailed, with the reason if you
        give one.
      </Lead>
      <CandidateField
        candidates={candidates}
        requiredMessage={REPLACE_TARGET_REQUIRED_MESSAGE}
        selectRef={selectRef}
      />
      {ready && (
        <Form.Item
          label="Reason"
          name="reason"
          extra="Optional."
          rules={[
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
          />
        </Form.Item>
      )}
      <FormButtons
        saving={saving}
        disabled={!ready}
        submitLabel="Replace"
        cancelLabel="Back"
        onCancel={onBack}
      />
    </Form>
  );
}

/** Remove: takes the person off the day, with a reason they are told and that stays in their history. */
export function RemoveForm({ slot, person, onBack, onDone }: EditFormProps) {
  const [remove, { isLoading: saving }] = useRemoveFromRotaMutation();
  const outcome = useEditOutcome();
  const reasonRef = useRef<TextAreaRef>(null);

  useEffect(() => reasonRef.current?.focus(), []);

  const submit = async ({ reason }: { reason?: string }) => {
    const text = trimmed(reason);
    if (!text) return;
    try {
      const result = await remove({
        removeFromRotaDto: { date: slot.date, position: slot.position, reason: text },
      }).unwrap();
      outcome.succeeded('Duty removed', result);
      onDone();
    } catch (error) {
      outcome.failed(error, 'Failed to remove the duty');
    }
  };

  return (
    <Form<{ reason?: string }>
      name="remove-duty"
      layout="vertical"
      noValidate
      disabled={saving}
      onFinish={(values) => void submit(values)}
    >
      <Lead>
        Take <Typography.Text strong>{person.name}</Typography.Text> off the duty on{' '}
        {formatDate(slot.date, LONG_DATE_FORMAT)}. They are emailed the reason, and it stays in
        their history. The slot is left empty.
      </Lead>
      <RequestReasonField requiredMessage={REMOVE_REASON_REQUIRED_MESSAGE} inputRef={reasonRef} />
      <FormButtons
        saving={saving}
        submitLabel="Remove"
        danger
        cancelLabel="Back"
        onCancel={onBack}
      />
    </Form>
  );
}

/** Move to another day: the person goes to the first empty slot of the day chosen. */
export function MoveForm({ slot, person, onBack, onDone }: EditFormProps) {
  const today = useGetCurrentWeekQuery().data?.today;
  const [move, { isLoading: saving }] = useMoveOnRotaMutation();
  const outcome = useEditOutcome();
  const { send, contextHolder } = useConfirmOverride();
  const pickerRef = useRef<GetRef<typeof DatePicker>>(null);

  useEffect(() => pickerRef.current?.focus(), []);

  // The calendar opens on the duty's own month: the usual move is to a day close by.
  const opensOn = parseDate(slot.date);

  const submit = async ({ toDate }: { toDate?: Dayjs | null }) => {
    if (!toDate) return;
    try {
      const result = await send((override) =>
        move({
          moveOnRotaDto: {
            date: slot.date,
            position: slot.position,
            toDate: toIsoDate(toDate),
            ...overrideFlag(override),
          },
        }).unwrap(),
      );
      if (!result) return;
      outcome.succeeded('Duty moved', result);
      onDone();
    } catch (error) {
      outcome.failed(error, 'Failed to move the duty');
    }
  };

  return (
    <Form<{ toDate?: Dayjs | null }>
      name="move-duty"
      layout="vertical"
      noValidate
      disabled={saving}
      onFinish={(values) => void submit(values)}
    >
      {contextHolder}
      <Lead>
        Move <Typography.Text strong>{person.name}</Typography.Text>&apos;s duty on{' '}
        {formatDate(slot.date, LONG_DATE_FORMAT)} to another school day. They take the first free
        slot of that day, and are emailed.
      </Lead>
      <Form.Item
        label="Move to"
        name="toDate"
        rules={[
          { required: true, message: MOVE_DATE_REQUIRED_MESSAGE },
          {
            validator: async (_rule: unknown, date: Dayjs | null | undefined) => {
              const problem = date ? moveDateProblem(date, slot.date, today) : undefined;
              if (problem) throw new Error(problem);
            },
          },
        ]}
        extra="A weekday from today on."
      >
        <DatePicker
          ref={pickerRef}
          format={DATE_INPUT_FORMATS}
          disabledDate={(date) => moveDateProblem(date, slot.date, today) !== undefined}
          defaultPickerValue={opensOn.isValid() ? opensOn : undefined}
          style={{ width: '100%' }}
          onKeyDown={confirmDateOnly}
        />
      </Form.Item>
      <FormButtons saving={saving} submitLabel="Move" cancelLabel="Back" onCancel={onBack} />
    </Form>
  );
}

interface RotaEditActionsProps {
  onEdit: (mode: EditMode) => void;
  /** The button to put focus back on, when coming back from its form. */
  returnFocus?: EditMode;
}

/** The Replace with…, Remove and Move to another day buttons of a filled slot. */
export function RotaEditActions({ onEdit, returnFocus }: RotaEditActionsProps) {
  const replaceRef = useRef<HTMLButtonElement>(null);
  const removeRef = useRef<HTMLButtonElement>(null);
  const moveRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!returnFocus) return;
    ({ replace: replaceRef, remove: removeRef, move: moveRef })[returnFocus].current?.focus();
  }, [returnFocus]);

  return (
    <Space wrap>
      <Button
        ref={replaceRef}
        icon={<SwapOutlined aria-hidden />}
        onClick={() => onEdit('replace')}
      >
        {REPLACE_ACTION}
      </Button>
      <Button
        ref={removeRef}
        danger
        icon={<DeleteOutlined aria-hidden />}
        onClick={() => onEdit('remove')}
      >
        {REMOVE_ACTION}
      </Button>
      <Button ref={moveRef} icon={<CalendarOutlined aria-hidden />} onClick={() => onEdit('move')}>
        {MOVE_ACTION}
      </Button>
    </Space>
  );
}

/** The form of the edit chosen on a filled slot. */
export function RotaEditForm({ mode, ...props }: EditFormProps & { mode: EditMode }) {
  if (mode === 'replace') return <ReplaceForm {...props} />;
  if (mode === 'remove') return <RemoveForm {...props} />;
  return <MoveForm {...props} />;
}
