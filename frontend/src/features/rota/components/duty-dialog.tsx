import { Button, Flex, Form, Modal, Select, Typography, type RefSelectProps } from 'antd';
import { useMemo, useRef, type RefObject } from 'react';

import { useGetStaffQuery } from '@/features/staff/api';
import { getServerCode, getServerMessage } from '@/shared/api/errors';
import { useCan } from '@/shared/auth/access';
import { formatDate, LONG_DATE_FORMAT } from '@/shared/lib/dates';
import { daySlots } from '@/shared/lib/rota-day';
import { focusFirstField } from '@/shared/ui/focus-first-field';
import { LoadError } from '@/shared/ui/load-error';
import { useToast } from '@/shared/ui/toast';

import {
  useCreateRotaMutation,
  useUpdateRotaMutation,
  type RotaDayDto,
  type RotaPersonDto,
} from '../api';
import { staffOffDuty } from '../lib/duty-requests';
import { assignmentBody, slotLabel } from '../lib/rota-calendar';
import {
  DutyRequestActions,
  useDutyRequestAccess,
  useRequestMode,
  type RequestMode,
} from './duty-requests';
import { DutyRequestForm } from './duty-request-form';

/** The slot a duty dialog is about. */
export interface DutySlot {
  /** The day, `yyyy-MM-dd`. */
  date: string;
  /** 1 = Duty Manager 1, … */
  position: number;
  /** The day's rota record; none when nobody is on duty that day yet. */
  day: RotaDayDto | undefined;
}

interface DutyDialogProps {
  open: boolean;
  slot: DutySlot;
  /** The organisation's setting: how many slots each day has. */
  dutyManagersPerDay: number;
  onClose: () => void;
  /** Called once the dialog has finished closing, e.g. to forget the slot. */
  afterClose?: () => void;
}

interface AssignValues {
  staffId?: string;
}

export const ASSIGN_REQUIRED_MESSAGE = 'Please select a staff member to assign';

/** e.g. "Duty Manager 2 — Monday 8 September 2025". */
export function dutyDialogTitle(slot: Pick<DutySlot, 'date' | 'position'>): string {
  return `${slotLabel(slot.position)} — ${formatDate(slot.date, LONG_DATE_FORMAT)}`;
}

/**
 * The duty dialog (docs/product.md#screens): on an empty slot, admins and managers assign someone (docs/product.md#assigning-by-hand); on a
 * filled slot it shows who is on duty and offers the swap and cancel requests the signed-in person
 * may make (their own duties; anyone's for admins and managers), each as a form in the dialog.
 */
export function DutyDialog({
  open,
  slot,
  dutyManagersPerDay,
  onClose,
  afterClose,
}: DutyDialogProps) {
  const canManage = useCan('rota.manage');
  const person = daySlots(slot.day, dutyManagersPerDay)[slot.position - 1] ?? null;
  const assigning = canManage && person === null;
  const selectRef = useRef<RefSelectProps>(null);
  const { mode, returnFocus, request, back, reset } = useRequestMode();
  const requesting = person !== null && mode !== 'overview';

  let body;
  if (assigning) {
    body = (
      <AssignForm
        slot={slot}
        dutyManagersPerDay={dutyManagersPerDay}
        selectRef={selectRef}
        onDone={onClose}
      />
    );
  } else if (person) {
    body = (
      <FilledSlot
        slot={slot}
        person={person}
        dutyManagersPerDay={dutyManagersPerDay}
        mode={mode}
        returnFocus={returnFocus}
        onRequest={request}
        onBack={back}
        onDone={onClose}
      />
    );
  } else {
    body = (
      <Flex vertical gap="small">
        <Typography.Paragraph style={{ margin: 0 }}>
          Nobody is on duty in this slot yet.
        </Typography.Paragraph>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          Only admins and managers can assign duty managers.
        </Typography.Paragraph>
      </Flex>
    );
  }

  return (
    <Modal
      open={open}
      title={dutyDialogTitle(slot)}
      onCancel={onClose}
      afterClose={() => {
        reset();
        afterClose?.();
      }}
      afterOpenChange={(visible) => {
        // The modal focuses itself; on an empty slot the staff picker is what people came for.
        if (visible) focusFirstField(selectRef.current);
      }}
      destroyOnHidden
      footer={
        assigning || requesting ? null : (
          <Button type="primary" onClick={onClose}>
            OK
          </Button>
        )
      }
    >
      {body}
    </Modal>
  );
}

interface FilledSlotProps {
  slot: DutySlot;
  person: RotaPersonDto;
  dutyManagersPerDay: number;
  mode: RequestMode;
  returnFocus: 'swap' | 'cancel' | undefined;
  onRequest: (mode: 'swap' | 'cancel') => void;
  onBack: () => void;
  onDone: () => void;
}

/** A filled slot: who is on duty and the requests on offer, or the request form chosen. */
function FilledSlot({
  slot,
  person,
  dutyManagersPerDay,
  mode,
  returnFocus,
  onRequest,
  onBack,
  onDone,
}: FilledSlotProps) {
  const { access, own } = useDutyRequestAccess(slot.date, person);

  if (access === 'allowed' && mode !== 'overview') {
    return (
      <DutyRequestForm
        mode={mode}
        slot={slot}
        person={person}
        own={own}
        dutyManagersPerDay={dutyManagersPerDay}
        onBack={onBack}
        onDone={onDone}
      />
    );
  }
  return (
    <Flex vertical gap="middle">
      <Typography.Paragraph style={{ margin: 0 }}>
        On duty: <Typography.Text strong>{person.name}</Typography.Text>
      </Typography.Paragraph>
      <DutyRequestActions
        access={access}
        person={person}
        onRequest={onRequest}
        returnFocus={returnFocus}
      />
    </Flex>
  );
}

interface AssignFormProps {
  slot: DutySlot;
  dutyManagersPerDay: number;
  selectRef: RefObject<RefSelectProps | null>;
  onDone: () => void;
}

/** Assigning (docs/product.md#assigning-by-hand): choose an active staff member who is not already on that day. */
function AssignForm({ slot, dutyManagersPerDay, selectRef, onDone }: AssignFormProps) {
  const staff = useGetStaffQuery();
  const [createRota, createState] = useCreateRotaMutation();
  const [updateRota, updateState] = useUpdateRotaMutation();
  const toast = useToast();
  const saving = createState.isLoading || updateState.isLoading;

  const options = useMemo(
    () =>
      staffOffDuty(staff.data, slot.day, dutyManagersPerDay).map((member) => ({
        value: member.id,
        label: member.name,
      })),
    [staff.data, slot.day, dutyManagersPerDay],
  );

  const submit = async ({ staffId }: AssignValues) => {
    if (!staffId) return;
    const name = options.find((option) => option.value === staffId)?.label ?? 'The staff member';
    const body = assignmentBody(slot.day, slot.position, staffId, dutyManagersPerDay);
    try {
      if (slot.day) {
        await updateRota({ id: slot.day.id, updateRotaDayDto: body }).unwrap();
      } else {
        await createRota({ createRotaDayDto: { date: slot.date, ...body } }).unwrap();
      }
      toast({
        title: 'Staff assigned',
        description: `${name} is ${slotLabel(slot.position)} on ${formatDate(slot.date, LONG_DATE_FORMAT)}`,
      });
      onDone();
    } catch (error) {
      const code = getServerCode(error);
      const message = getServerMessage(error);
      if (code === 'duplicate_assignment') {
        toast({
          variant: 'destructive',
          title: 'Duplicate assignment',
          description: message ?? 'This staff member is already assigned to this day',
        });
      } else if (code === 'slots_full') {
        toast({
          variant: 'destructive',
          title: 'Slots full',
          description: message ?? 'All Duty Manager slots are already filled for this day',
        });
      } else {
        toast({ variant: 'destructive', description: message ?? 'Failed to assign staff member' });
      }
    }
  };

  return (
    <Form<AssignValues>
      name="assign-duty"
      layout="vertical"
      noValidate
      disabled={saving}
      onFinish={(values) => void submit(values)}
    >
      {staff.isError && (
        <LoadError
          title="Failed to load staff members"
          error={staff.error}
          onRetry={() => void staff.refetch()}
          style={{ marginBottom: 16 }}
        />
      )}
      <Form.Item
        label="Staff member"
        name="staffId"
        rules={[{ required: true, message: ASSIGN_REQUIRED_MESSAGE }]}
        extra="Active staff who are not already on duty that day."
      >
        <Select
          ref={selectRef}
          showSearch={{ optionFilterProp: 'label' }}
          placeholder="Select a staff member"
          options={options}
          loading={staff.isLoading}
          notFoundContent={staff.isLoading ? 'Loading…' : 'No staff members available'}
        />
      </Form.Item>
      <Flex justify="end" gap="small">
        <Button onClick={onDone} disabled={saving}>
          Cancel
        </Button>
        <Button type="primary" htmlType="submit" loading={saving}>
          Assign
        </Button>
      </Flex>
    </Form>
  );
}
