import { CalendarOutlined, DeleteOutlined, SwapOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  DatePicker,
  Flex,
  Form,
  Input,
  Radio,
  Space,
  Spin,
  Typography,
  type GetRef,
  type RefSelectProps,
} from 'antd';
import { useEffect, useMemo, useRef, type ReactNode, type RefObject } from 'react';

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
import { LoadError } from '@/shared/ui/load-error';
import { REASON_MAX_LENGTH, ReasonField } from '@/shared/ui/reason-field';
import { useToast } from '@/shared/ui/toast';

import {
  useGetCurrentWeekQuery,
  useCreateRotaMutation,
  useGetMoveOptionsQuery,
  useMoveOnRotaMutation,
  useRemoveFromRotaMutation,
  useReplaceOnRotaMutation,
  type RotaEditResultDto,
  type RotaPersonDto,
} from '../api';
import {
  ASSIGN_REQUIRED_MESSAGE,
  editFailureTitle,
  MOVE_ACTION,
  MOVE_DATE_REQUIRED_MESSAGE,
  MOVE_NOT_OFFERED_MESSAGE,
  MOVE_OPTIONS_LOAD_ERROR,
  MOVE_TRADE_REQUIRED_MESSAGE,
  moveDateProblem,
  noMoveDaysText,
  REMOVE_ACTION,
  REMOVE_REASON_REQUIRED_MESSAGE,
  REPLACE_ACTION,
  REPLACE_TARGET_REQUIRED_MESSAGE,
} from '../lib/rota-edits';
import { dutySlotsBody } from '../lib/rota-calendar';
import { CandidateField, useCandidates } from './candidate-field';
import type { DutySlot } from '../lib/duty-slot';
import { useConfirmOverride } from './use-confirm-override';

/** `override: true` only on the resend an admin confirmed, so a first attempt is refused as usual. */
function overrideFlag(override: boolean): { override?: true } {
  return override ? { override: true } : {};
}

/** `dutyId` only on another duty's slot, so a Duty Manager edit is sent as it always was. */
function dutyIdOf(slot: DutySlot): { dutyId?: string } {
  return slot.duty ? { dutyId: slot.duty.id } : {};
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
  const candidates = useCandidates(slot.date, slot.duty?.id);
  const [replace, { isLoading: replacing }] = useReplaceOnRotaMutation();
  const [createRota, { isLoading: creating }] = useCreateRotaMutation();
  const saving = replacing || creating;
  const outcome = useEditOutcome();
  const toast = useToast();
  const { send, contextHolder } = useConfirmOverride();

  const submit = async ({ staffId }: { staffId?: string }) => {
    if (!staffId) return;
    const { duty } = slot;
    if (duty) {
      // Another duty (docs/product.md#duties): assigned by hand on that duty, through POST /api/rota.
      try {
        const done = await send((override) =>
          createRota({
            createRotaDayDto: {
              date: slot.date,
              slots: dutySlotsBody(slot.position, staffId),
              dutyId: duty.id,
              ...overrideFlag(override),
            },
          }).unwrap(),
        );
        if (!done) return;
        const name = candidates.list?.find((c) => c.id === staffId)?.name ?? 'The staff member';
        toast({
          title: 'Staff assigned',
          description: `${name} is on ${duty.title} on ${formatDate(slot.date, LONG_DATE_FORMAT)}`,
        });
        onDone();
      } catch (error) {
        outcome.failed(error, 'Failed to assign staff member');
      }
      return;
    }
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

/**
 * Replace with…: someone else takes the slot; the person taken off is emailed, with the reason. On
 * another duty's slot (docs/product.md#duties), one of the people who may take that duty then.
 */
export function ReplaceForm({ slot, person, onBack, onDone }: EditFormProps) {
  const candidates = useCandidates(slot.date, slot.duty?.id);
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
            ...dutyIdOf(slot),
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
        removeFromRotaDto: {
          date: slot.date,
          position: slot.position,
          reason: text,
          ...dutyIdOf(slot),
        },
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
      <ReasonField requiredMessage={REMOVE_REASON_REQUIRED_MESSAGE} inputRef={reasonRef} />
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

interface MoveValues {
  toDate?: Dayjs | null;
  /** On a full day: who takes the duty left behind, in exchange. */
  tradeWithStaffId?: string;
}

/**
 * Move to another day (docs/product.md#editing-the-rota-directly): only the days the server offers
 * (`GET /api/rota/move-options`): school days the person may take with a free slot, where they take
 * the first one, and full days where someone may trade with them, who is then chosen here.
 */
export function MoveForm({ slot, person, onBack, onDone }: EditFormProps) {
  const today = useGetCurrentWeekQuery().data?.today;
  const options = useGetMoveOptionsQuery({ date: slot.date, position: slot.position });
  const [move, { isLoading: saving }] = useMoveOnRotaMutation();
  const outcome = useEditOutcome();
  const { send, contextHolder } = useConfirmOverride();
  const [form] = Form.useForm<MoveValues>();
  const pickerRef = useRef<GetRef<typeof DatePicker>>(null);
  const toDate = Form.useWatch('toDate', form);

  const days = options.currentData?.days;
  const offered = useMemo(() => new Map((days ?? []).map((day) => [day.date, day])), [days]);
  const optionOf = (date: Dayjs | null | undefined) =>
    date?.isValid() ? offered.get(toIsoDate(date)) : undefined;
  const chosen = optionOf(toDate);
  const trading = chosen !== undefined && chosen.freeSlots === 0;
  const ready = days !== undefined && days.length > 0;

  useEffect(() => {
    if (ready) pickerRef.current?.focus();
  }, [ready]);

  // The calendar opens on the first day on offer: the usual move is to a day close by.
  const firstOffered = days?.[0] ? parseDate(days[0].date) : parseDate(slot.date);

  const submit = async ({ toDate: date, tradeWithStaffId }: MoveValues) => {
    const option = optionOf(date);
    if (!date || !option) return;
    const trade = option.freeSlots === 0 ? tradeWithStaffId : undefined;
    if (option.freeSlots === 0 && !trade) return;
    try {
      const result = await send((override) =>
        move({
          moveOnRotaDto: {
            date: slot.date,
            position: slot.position,
            toDate: toIsoDate(date),
            ...(trade ? { tradeWithStaffId: trade } : {}),
            ...overrideFlag(override),
          },
        }).unwrap(),
      );
      if (!result) return;
      outcome.succeeded(trade ? 'Duties traded' : 'Duty moved', result);
      onDone();
    } catch (error) {
      outcome.failed(error, 'Failed to move the duty');
    }
  };

  let picker;
  if (options.isError && !days) {
    picker = (
      <LoadError
        title={MOVE_OPTIONS_LOAD_ERROR}
        error={options.error}
        retrying={options.isFetching}
        onRetry={() => void options.refetch()}
        style={{ marginBottom: 16 }}
      />
    );
  } else if (!days) {
    picker = (
      <Flex justify="center" style={{ padding: 16 }} role="status">
        <Spin description="Loading the days this duty can move to…" />
      </Flex>
    );
  } else if (days.length === 0) {
    picker = (
      <Alert
        role="status"
        type="info"
        showIcon
        title={noMoveDaysText(person.name)}
        style={{ marginBottom: 16 }}
      />
    );
  } else {
    picker = (
      <>
        <Form.Item
          label="Move to"
          name="toDate"
          rules={[
            { required: true, message: MOVE_DATE_REQUIRED_MESSAGE },
            {
              validator: async (_rule: unknown, date: Dayjs | null | undefined) => {
                if (!date) return;
                const problem = moveDateProblem(date, slot.date, today);
                if (problem) throw new Error(problem);
                if (!optionOf(date)) throw new Error(MOVE_NOT_OFFERED_MESSAGE);
              },
            },
          ]}
          extra={`Only the days ${person.name} can take: a free slot, or a full day where someone can trade with them.`}
        >
          <DatePicker
            ref={pickerRef}
            format={DATE_INPUT_FORMATS}
            disabledDate={(date) => !optionOf(date)}
            defaultPickerValue={firstOffered.isValid() ? firstOffered : undefined}
            style={{ width: '100%' }}
            onKeyDown={confirmDateOnly}
            onChange={() => form.setFieldValue('tradeWithStaffId', undefined)}
          />
        </Form.Item>
        {chosen && !trading && (
          <Typography.Paragraph type="secondary">
            {chosen.freeSlots === 1
              ? 'That day has a free slot: they take it.'
              : `That day has ${chosen.freeSlots} free slots: they take the first.`}
          </Typography.Paragraph>
        )}
        {trading && (
          <Form.Item
            label="Trade with"
            name="tradeWithStaffId"
            rules={[{ required: true, message: MOVE_TRADE_REQUIRED_MESSAGE }]}
            extra={`${formatDate(chosen.date, LONG_DATE_FORMAT)} is full. The person chosen takes ${person.name}'s duty on ${formatDate(slot.date, LONG_DATE_FORMAT)} instead; both are emailed.`}
          >
            <Radio.Group
              // The Form.Item's label names a field by id; a group of radios needs its own name.
              aria-label="Trade with"
              options={chosen.tradeWith.map((other) => ({ value: other.id, label: other.name }))}
              style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
            />
          </Form.Item>
        )}
      </>
    );
  }

  return (
    <Form<MoveValues>
      form={form}
      name="move-duty"
      layout="vertical"
      noValidate
      disabled={saving}
      onFinish={(values) => void submit(values)}
    >
      {contextHolder}
      <Lead>
        Move <Typography.Text strong>{person.name}</Typography.Text>&apos;s duty on{' '}
        {formatDate(slot.date, LONG_DATE_FORMAT)} to another school day. They take a free slot of
        that day, or on a full day trade with someone there, and are emailed.
      </Lead>
      {picker}
      <FormButtons
        saving={saving}
        disabled={!ready}
        submitLabel={trading ? 'Trade' : 'Move'}
        cancelLabel="Back"
        onCancel={onBack}
      />
    </Form>
  );
}

interface RotaEditActionsProps {
  onEdit: (mode: EditMode) => void;
  /** The button to put focus back on, when coming back from its form. */
  returnFocus?: EditMode;
  /** Offers Move to another day: the Duty Manager duty's only (docs/product.md#duties). */
  canMove?: boolean;
}

/** The Replace with…, Remove and (unless `canMove` is false) Move to another day buttons of a filled slot. */
export function RotaEditActions({ onEdit, returnFocus, canMove = true }: RotaEditActionsProps) {
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
      {canMove && (
        <Button
          ref={moveRef}
          icon={<CalendarOutlined aria-hidden />}
          onClick={() => onEdit('move')}
        >
          {MOVE_ACTION}
        </Button>
      )}
    </Space>
  );
}

/** The form of the edit chosen on a filled slot. */
export function RotaEditForm({ mode, ...props }: EditFormProps & { mode: EditMode }) {
  if (mode === 'replace') return <ReplaceForm {...props} />;
  if (mode === 'remove') return <RemoveForm {...props} />;
  return <MoveForm {...props} />;
}
