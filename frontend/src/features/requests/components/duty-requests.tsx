import { Alert, Button, Flex, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';

import { useGetCurrentWeekQuery, type RotaPersonDto } from '@/features/rota/api';
import { useGetAutoApprovalSettingsQuery } from '@/features/settings/api';
import { useGetStaffQuery } from '@/features/staff/api';
import { useCan } from '@/shared/auth/access';

import {
  AUTO_APPROVAL_NOTE,
  AUTO_FILL_NOTE,
  CANCEL_NEEDS_APPROVAL_NOTE,
  dutyRequestAccess,
  notOwnDutyText,
  PAST_DUTY_TEXT,
  SWAP_COLLEAGUE_FIRST_NOTE,
  SWAP_NEEDS_APPROVAL_NOTE,
  type DutyRequestAccess,
} from '../lib/duty-requests';
import { useOwnStaffRecord } from '../lib/own-staff';

/** What a dialog about a filled duty shows: the overview, or one of the two request forms. */
export type RequestMode = 'overview' | 'swap' | 'cancel';

interface DialogModeState<M extends string> {
  mode: M | 'overview';
  /** The button whose form was left with Back: focus returns to it. */
  returnFocus: M | undefined;
  /** Opens the form of a button. */
  request: (mode: M) => void;
  /** Back from a form to the overview, refocusing its button. */
  back: () => void;
  /** The overview with nothing to refocus, for a dialog that has closed. */
  reset: () => void;
}

/**
 * Which view a dialog about a filled duty shows (its overview, or the form of one of its buttons),
 * and where focus goes on coming back.
 */
export function useDialogMode<M extends string>(): DialogModeState<M> {
  const [mode, setMode] = useState<M | 'overview'>('overview');
  const [returnFocus, setReturnFocus] = useState<M>();
  return {
    mode,
    returnFocus,
    request: (next) => {
      setReturnFocus(undefined);
      setMode(next);
    },
    back: () => {
      if (mode !== 'overview') setReturnFocus(mode);
      setMode('overview');
    },
    reset: () => {
      setMode('overview');
      setReturnFocus(undefined);
    },
  };
}

/** Which view a dialog about a filled duty shows, and where focus goes on coming back. */
export function useRequestMode(): DialogModeState<'swap' | 'cancel'> {
  return useDialogMode<'swap' | 'cancel'>();
}

interface DutyRequestState {
  access: DutyRequestAccess;
  /** The duty is the signed-in person's own. */
  own: boolean;
}

/**
 * Whether the signed-in person may ask to swap or cancel `person`'s duty on `date` (docs/product.md#roles-and-permissions:
 * staff for their own duties, admins and managers for anyone's; from the organisation's today on).
 */
export function useDutyRequestAccess(date: string, person: RotaPersonDto): DutyRequestState {
  const today = useGetCurrentWeekQuery().data?.today;
  const canRequestForAnyone = useCan('requests.decide');
  const staff = useGetStaffQuery();
  const ownStaffId = useOwnStaffRecord()?.id;
  const access = dutyRequestAccess({
    date,
    today,
    personId: person.id,
    ownStaffId,
    canRequestForAnyone,
    staffList: staff.isError ? 'error' : staff.data ? 'ready' : 'loading',
  });
  return { access, own: ownStaffId === person.id };
}

interface DutyRequestActionsProps {
  access: DutyRequestAccess;
  person: RotaPersonDto;
  onRequest: (mode: 'swap' | 'cancel') => void;
  /** The button to put focus back on, when coming back from its form. */
  returnFocus?: 'swap' | 'cancel';
}

/**
 * The Request Swap and Request Cancel buttons, or why they are not offered: the duty has passed,
 * or it is somebody else's.
 */
export function DutyRequestActions({
  access,
  person,
  onRequest,
  returnFocus,
}: DutyRequestActionsProps) {
  const swapRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (access !== 'allowed' || !returnFocus) return;
    (returnFocus === 'swap' ? swapRef : cancelRef).current?.focus();
  }, [access, returnFocus]);

  switch (access) {
    case 'allowed':
      return (
        <Space wrap>
          <Button ref={swapRef} onClick={() => onRequest('swap')}>
            Request Swap
          </Button>
          <Button ref={cancelRef} onClick={() => onRequest('cancel')}>
            Request Cancel
          </Button>
        </Space>
      );
    case 'past':
      return <Typography.Text type="secondary">{PAST_DUTY_TEXT}</Typography.Text>;
    case 'not-own':
      return <Typography.Text type="secondary">{notOwnDutyText(person.name)}</Typography.Text>;
    case 'unknown':
      return (
        <Typography.Text type="secondary">
          The staff list could not be loaded, so swap and cancel requests cannot be offered right
          now.
        </Typography.Text>
      );
    case 'checking':
      return null;
  }
}

/**
 * What happens to the request, by the organisation's auto-approval settings (docs/product.md#auto-approval). Until
 * the settings are known (or if they fail to load), it says an approval is needed: the cautious
 * reading.
 */
export function RequestApprovalNote({ kind }: { kind: 'swap' | 'cancel' }) {
  const settings = useGetAutoApprovalSettingsQuery().data;
  const automatic = kind === 'swap' ? settings?.swaps : settings?.cancellations;
  if (!automatic) {
    return (
      <Alert
        // A standing note, not news: antd's default role "alert" would interrupt screen readers.
        role="note"
        type="info"
        showIcon
        title={kind === 'swap' ? SWAP_NEEDS_APPROVAL_NOTE : CANCEL_NEEDS_APPROVAL_NOTE}
        description={kind === 'swap' ? SWAP_COLLEAGUE_FIRST_NOTE : undefined}
      />
    );
  }
  return (
    <Alert
      role="note"
      type="info"
      showIcon
      title={AUTO_APPROVAL_NOTE}
      description={
        kind === 'swap'
          ? SWAP_COLLEAGUE_FIRST_NOTE
          : settings?.autoFillCancellations
            ? AUTO_FILL_NOTE
            : undefined
      }
    />
  );
}

/** The request forms' Back and Send Request buttons. */
export function RequestFormActions({
  saving,
  onBack,
  backLabel = 'Back',
}: {
  saving: boolean;
  onBack: () => void;
  backLabel?: string;
}) {
  return (
    <Flex justify="end" gap="small">
      <Button onClick={onBack} disabled={saving}>
        {backLabel}
      </Button>
      <Button type="primary" htmlType="submit" loading={saving}>
        Send Request
      </Button>
    </Flex>
  );
}
