import { SwapOutlined } from '@ant-design/icons';
import { Button, Flex, Modal, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';

import { useGetCurrentWeekQuery, type RotaPersonDto } from '@/features/rota/api';
import { DutyRequestForm } from '@/features/requests/components/duty-request-form';
import {
  DutyRequestActions,
  useDutyRequestAccess,
  useRequestMode,
  type RequestMode,
} from '@/features/requests/components/duty-requests';
import { RequestTradeForm } from '@/features/requests/components/request-trade-form';
import { useOwnStaffRecord } from '@/features/requests/lib/own-staff';
import type { AccessDialogProps, DutySlot } from '@/features/rota/lib/duty-slot';
import { slotLabel } from '@/features/rota/lib/rota-calendar';
import { formatDate, LONG_DATE_FORMAT } from '@/shared/lib/dates';
import { daySlots } from '@/shared/lib/rota-day';

/**
 * docs/product.md#roles-and-permissions: on the Weekly Rota, someone without rota rights who clicks a name learns why they
 * cannot change it and which requests they can make instead: on their own duty, the swap and
 * cancel forms of the duty dialog, right here.
 */
export function AdminAccessDialog({
  open,
  slot,
  dutyManagersPerDay = 2,
  onClose,
  afterClose,
}: AccessDialogProps) {
  const { mode, returnFocus, request, back, reset } = useRequestMode();
  const person = slot ? (daySlots(slot.day, dutyManagersPerDay)[slot.position - 1] ?? null) : null;
  const requesting = person !== null && !slot?.duty && mode !== 'overview';

  return (
    <Modal
      open={open}
      title="Admin access required"
      onCancel={onClose}
      afterClose={() => {
        reset();
        afterClose?.();
      }}
      destroyOnHidden
      footer={
        requesting ? null : (
          <Button type="primary" onClick={onClose}>
            OK
          </Button>
        )
      }
    >
      {/* Requests are about the Duty Manager duty (docs/product.md#duties): another duty's slot explains only. */}
      {slot && person && !slot.duty ? (
        <ClickedDuty
          slot={slot}
          person={person}
          mode={mode}
          returnFocus={returnFocus}
          onRequest={request}
          onBack={back}
          onClose={onClose}
        />
      ) : (
        <Explanation onClose={onClose} />
      )}
    </Modal>
  );
}

const WHY_ADMIN_ONLY =
  'Only admins and managers can change the rota, so that every change is checked against holidays, availability and a fair share of duties.';

/** Why the rota is not theirs to change, and where requests are made. */
function Explanation({ onClose }: { onClose: () => void }) {
  return (
    <>
      <Typography.Paragraph>{WHY_ADMIN_ONLY}</Typography.Paragraph>
      <Typography.Paragraph style={{ marginBottom: 0 }}>
        If this is your own duty, you can ask for it to be swapped with a colleague or cancelled on
        the {/* Underlined: in running text a link must not stand out by its colour alone. */}
        <Link to="/swaps" onClick={onClose} style={{ textDecoration: 'underline' }}>
          Swap Requests
        </Link>{' '}
        or{' '}
        <Link to="/cancel-requests" onClick={onClose} style={{ textDecoration: 'underline' }}>
          Cancel Requests
        </Link>{' '}
        page. Depending on your organisation's settings, the request is approved at once or reviewed
        by an admin or manager.
      </Typography.Paragraph>
    </>
  );
}

interface ClickedDutyProps {
  slot: DutySlot;
  person: RotaPersonDto;
  mode: RequestMode;
  returnFocus: 'swap' | 'cancel' | undefined;
  onRequest: (mode: 'swap' | 'cancel') => void;
  onBack: () => void;
  onClose: () => void;
}

/**
 * A filled slot: on the signed-in person's own duty from today on, the requests they may make
 * (or the form chosen); on a colleague's duty from today on, a trade they may ask for with one of
 * their own duties; otherwise, and while that is being checked, the explanation.
 */
function ClickedDuty({
  slot,
  person,
  mode,
  returnFocus,
  onRequest,
  onBack,
  onClose,
}: ClickedDutyProps) {
  const { access, own } = useDutyRequestAccess(slot.date, person);
  if (access === 'not-own') {
    return (
      <ColleagueDuty
        slot={slot}
        colleague={person}
        trading={mode === 'swap'}
        returnFocus={returnFocus === 'swap'}
        onTrade={() => onRequest('swap')}
        onBack={onBack}
        onClose={onClose}
      />
    );
  }
  if (!own || access !== 'allowed') return <Explanation onClose={onClose} />;

  if (mode !== 'overview') {
    return (
      <DutyRequestForm
        mode={mode}
        date={slot.date}
        person={person}
        own
        onBack={onBack}
        onDone={onClose}
      />
    );
  }
  return (
    <Flex vertical gap="middle">
      <Typography.Paragraph style={{ margin: 0 }}>{WHY_ADMIN_ONLY}</Typography.Paragraph>
      <Typography.Paragraph style={{ margin: 0 }}>
        This is your duty: {slotLabel(slot.position)} on {formatDate(slot.date, LONG_DATE_FORMAT)}.
        You can ask for it to be swapped with a colleague or cancelled. Depending on your
        organisation's settings, the request is approved at once or reviewed by an admin or manager.
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

interface ColleagueDutyProps {
  slot: DutySlot;
  colleague: RotaPersonDto;
  /** The trade form is open (the dialog's "swap" mode). */
  trading: boolean;
  /** Back from the form: focus goes back to the trade button. */
  returnFocus: boolean;
  onTrade: () => void;
  onBack: () => void;
  onClose: () => void;
}

/**
 * A colleague's duty from today on: why the rota is not theirs to change and, for someone with an
 * active staff record of their own, the request they may make about it: to trade one of their
 * duties for it (the colleague is asked first).
 */
function ColleagueDuty({
  slot,
  colleague,
  trading,
  returnFocus,
  onTrade,
  onBack,
  onClose,
}: ColleagueDutyProps) {
  const own = useOwnStaffRecord();
  const today = useGetCurrentWeekQuery().data?.today;
  const tradeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (returnFocus && !trading) tradeRef.current?.focus();
  }, [returnFocus, trading]);

  const mayTrade = Boolean(own?.isActive) && today !== undefined && slot.date >= today;
  if (!own || !mayTrade) return <Explanation onClose={onClose} />;
  const me = { id: own.id, name: own.name };

  if (trading) {
    return (
      <RequestTradeForm
        date={slot.date}
        colleague={colleague}
        own={me}
        onBack={onBack}
        onDone={onClose}
      />
    );
  }
  return (
    <Flex vertical gap="middle">
      <Explanation onClose={onClose} />
      <Typography.Paragraph style={{ margin: 0 }}>
        This is {colleague.name}&apos;s duty: {slotLabel(slot.position)} on{' '}
        {formatDate(slot.date, LONG_DATE_FORMAT)}. You can offer them a trade for one of your
        duties.
      </Typography.Paragraph>
      <div>
        <Button ref={tradeRef} icon={<SwapOutlined aria-hidden />} onClick={onTrade}>
          Ask {colleague.name} to trade
        </Button>
      </div>
    </Flex>
  );
}
