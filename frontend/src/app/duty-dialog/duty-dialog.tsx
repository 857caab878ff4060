import { Button, Flex, Modal, Typography, type RefSelectProps } from 'antd';
import { useId, useRef } from 'react';

import { useGetCurrentWeekQuery, type RotaPersonDto } from '@/features/rota/api';
import { PastDayAssignForm } from '@/features/rota/components/past-day-assign-form';
import { PinMark, UnpinButton } from '@/features/rota/components/pin-mark';
import {
  AssignForm,
  RotaEditActions,
  RotaEditForm,
  type EditMode,
} from '@/features/rota/components/rota-edit-forms';
import {
  dutyDialogTitle,
  type DutyDialogProps,
  type DutySlot,
} from '@/features/rota/lib/duty-slot';
import { isPastDay } from '@/features/rota/lib/rota-edits';
import { DutyRequestForm } from '@/features/requests/components/duty-request-form';
import {
  DutyRequestActions,
  useDialogMode,
  useDutyRequestAccess,
} from '@/features/requests/components/duty-requests';
import { useCan } from '@/shared/auth/access';
import { daySlots } from '@/shared/lib/rota-day';
import { focusFirstField } from '@/shared/ui/focus-first-field';

/** What a dialog about a filled slot can switch to: a request form or a direct edit. */
type DutyMode = 'swap' | 'cancel' | EditMode;

/**
 * The duty dialog (docs/product.md#screens), composed here from the rota's direct edits and the
 * requests' forms; the rota's screens open it on a slot. On an empty slot, admins and managers assign someone:
 * from today on one of the people who may be on that day, least loaded first
 * (docs/product.md#editing-the-rota-directly); on a past day anyone active, to record who was on
 * duty (docs/product.md#assigning-by-hand). On a filled slot it shows who is on duty; from today
 * on, admins and managers may replace them, remove them or move them to another day, and it
 * offers the swap and cancel requests the signed-in person may make (their own duties; anyone's
 * for admins and managers), each as a form in the dialog. On another duty's filled slot
 * (docs/product.md#duties) admins and managers may replace or remove the person; moves and
 * requests are the Duty Manager duty's.
 */
export function DutyDialog({
  open,
  slot,
  dutyManagersPerDay,
  onClose,
  afterClose,
}: DutyDialogProps) {
  const canManage = useCan('rota.manage');
  const today = useGetCurrentWeekQuery().data?.today;
  const past = isPastDay(slot.date, today);
  const person = daySlots(slot.day, dutyManagersPerDay)[slot.position - 1] ?? null;
  const assigning = canManage && person === null;
  const selectRef = useRef<RefSelectProps>(null);
  const { mode, returnFocus, request, back, reset } = useDialogMode<DutyMode>();
  const canEdit = canManage && !past;
  const inForm = person !== null && (!slot.duty || canEdit) && mode !== 'overview';

  let body;
  if (assigning && past) {
    body = (
      <PastDayAssignForm
        slot={slot}
        dutyManagersPerDay={dutyManagersPerDay}
        selectRef={selectRef}
        onDone={onClose}
      />
    );
  } else if (assigning) {
    body = <AssignForm slot={slot} selectRef={selectRef} onDone={onClose} />;
  } else if (person && slot.duty) {
    // Another duty (docs/product.md#duties): who is on it and, for whoever may change the rota,
    // Replace with… and Remove. Moves and requests are the Duty Manager duty's.
    body = canEdit ? (
      <OtherDutyFilledSlot
        slot={slot}
        person={person}
        mode={mode}
        returnFocus={returnFocus}
        onMode={request}
        onBack={back}
        onDone={onClose}
      />
    ) : (
      <Typography.Paragraph style={{ margin: 0 }}>
        On duty: <Typography.Text strong>{person.name}</Typography.Text>
      </Typography.Paragraph>
    );
  } else if (person) {
    body = (
      <FilledSlot
        slot={slot}
        person={person}
        canEdit={canEdit}
        mode={mode}
        returnFocus={returnFocus}
        onMode={request}
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
        assigning || inForm ? null : (
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

const isEdit = (mode: DutyMode | 'overview'): mode is EditMode =>
  mode === 'replace' || mode === 'remove' || mode === 'move';
const isRequest = (mode: DutyMode | 'overview' | undefined): mode is 'swap' | 'cancel' =>
  mode === 'swap' || mode === 'cancel';

interface FilledSlotProps {
  slot: DutySlot;
  person: RotaPersonDto;
  /** May change the rota directly: holds rota.manage, and the day is today or later. */
  canEdit: boolean;
  mode: DutyMode | 'overview';
  returnFocus: DutyMode | undefined;
  onMode: (mode: DutyMode) => void;
  onBack: () => void;
  onDone: () => void;
}

type OtherDutyFilledSlotProps = Omit<FilledSlotProps, 'canEdit'>;

/**
 * A filled slot of another duty (docs/product.md#duties), for whoever may change the rota: who is
 * on it, Replace with… and Remove; or the form chosen.
 */
function OtherDutyFilledSlot({
  slot,
  person,
  mode,
  returnFocus,
  onMode,
  onBack,
  onDone,
}: OtherDutyFilledSlotProps) {
  const editsId = useId();
  if (mode === 'replace' || mode === 'remove') {
    return <RotaEditForm mode={mode} slot={slot} person={person} onBack={onBack} onDone={onDone} />;
  }
  return (
    <Flex vertical gap="middle">
      <OnDuty slot={slot} person={person} />
      <Flex vertical gap="small" role="group" aria-labelledby={editsId}>
        <Typography.Text id={editsId} type="secondary">
          Change the rota
        </Typography.Text>
        <RotaEditActions
          onEdit={onMode}
          returnFocus={
            returnFocus === 'replace' || returnFocus === 'remove' ? returnFocus : undefined
          }
          canMove={false}
        />
        <UnpinButton slot={slotOf(slot)} />
      </Flex>
    </Flex>
  );
}

/**
 * A filled slot: who is on duty, the direct edits (for whoever may make them) and the requests on
 * offer; or the form chosen.
 */
function FilledSlot({
  slot,
  person,
  canEdit,
  mode,
  returnFocus,
  onMode,
  onBack,
  onDone,
}: FilledSlotProps) {
  const { access, own } = useDutyRequestAccess(slot.date, person);
  const editsId = useId();
  const requestsId = useId();

  if (canEdit && isEdit(mode)) {
    return <RotaEditForm mode={mode} slot={slot} person={person} onBack={onBack} onDone={onDone} />;
  }
  if (access === 'allowed' && isRequest(mode)) {
    return (
      <DutyRequestForm
        mode={mode}
        date={slot.date}
        person={person}
        own={own}
        onBack={onBack}
        onDone={onDone}
      />
    );
  }
  const requests = (
    <DutyRequestActions
      access={access}
      person={person}
      onRequest={onMode}
      returnFocus={isRequest(returnFocus) ? returnFocus : undefined}
    />
  );
  return (
    <Flex vertical gap="middle">
      <OnDuty slot={slot} person={person} />
      {canEdit ? (
        <>
          <Flex vertical gap="small" role="group" aria-labelledby={editsId}>
            <Typography.Text id={editsId} type="secondary">
              Change the rota
            </Typography.Text>
            <RotaEditActions
              onEdit={onMode}
              returnFocus={returnFocus && isEdit(returnFocus) ? returnFocus : undefined}
            />
            <UnpinButton slot={slotOf(slot)} />
          </Flex>
          {access !== 'checking' && (
            <Flex vertical gap="small" role="group" aria-labelledby={requestsId}>
              <Typography.Text id={requestsId} type="secondary">
                Or ask through a request
              </Typography.Text>
              {requests}
            </Flex>
          )}
        </>
      ) : (
        requests
      )}
    </Flex>
  );
}

/** The slot as the server sent it (pinned or not: docs/product.md#pinned-duties). */
function slotOf(slot: DutySlot) {
  return slot.day?.slots.find((s) => s.position === slot.position);
}

/** "On duty: Ann Lee", with the pin of a pinned slot (admins and managers). */
function OnDuty({ slot, person }: { slot: DutySlot; person: RotaPersonDto }) {
  return (
    <Typography.Paragraph style={{ margin: 0 }}>
      On duty: <Typography.Text strong>{person.name}</Typography.Text>{' '}
      <PinMark slot={slotOf(slot)} />
    </Typography.Paragraph>
  );
}
