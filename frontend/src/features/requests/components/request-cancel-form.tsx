import { Flex, Form, Input, Typography, type GetRef } from 'antd';
import { useEffect, useRef } from 'react';

import { getServerMessage } from '@/shared/api/errors';
import { formatDate, LONG_DATE_FORMAT } from '@/shared/lib/dates';
import { trimmed } from '@/shared/lib/text';
import { ReasonField } from '@/shared/ui/reason-field';
import { useToast } from '@/shared/ui/toast';

import { useCreateCancelRequestMutation } from '../api';
import { CANCEL_REASON_REQUIRED_MESSAGE } from '../lib/duty-requests';
import { RequestApprovalNote, RequestFormActions } from './duty-requests';
import type { RequestFormProps } from './request-swap-form';

type TextAreaRef = GetRef<typeof Input.TextArea>;

interface CancelValues {
  reason?: string;
}

/** A duty other than the Duty Manager duty the request is of (docs/product.md#duties). */
export interface CancelFormDuty {
  id: string;
  /** "Break — Playground · 10:40–11:00". */
  label: string;
}

interface RequestCancelFormProps extends RequestFormProps {
  /** Another duty's request: named in the text and sent as `dutyId`; absent for the Duty Manager duty's, as before. */
  duty?: CancelFormDuty;
  /** The label of the button that leaves the form ("Back" to a dialog's overview). */
  backLabel?: string;
}

/**
 * The cancel form (docs/product.md#cancel-requests): a required reason, and a note on what happens next, which depends on
 * the organisation's auto-approval settings (docs/product.md#auto-approval).
 */
export function RequestCancelForm({
  date,
  person,
  own,
  onBack,
  onDone,
  duty,
  backLabel,
}: RequestCancelFormProps) {
  const [createCancel, { isLoading: saving }] = useCreateCancelRequestMutation();
  const toast = useToast();
  const reasonRef = useRef<TextAreaRef>(null);

  // The form replaces the overview the person was on: take them to its field.
  useEffect(() => reasonRef.current?.focus(), []);

  const submit = async ({ reason }: CancelValues) => {
    const text = trimmed(reason);
    if (!text) return;
    try {
      const result = await createCancel({
        createCancelRequestDto: {
          staffId: person.id,
          date,
          reason: text,
          ...(duty ? { dutyId: duty.id } : {}),
        },
      }).unwrap();
      // The title says what happened: approved at once, or waiting (docs/product.md#auto-approval).
      toast({
        title: result.processedAutomatically
          ? 'Cancel request processed'
          : 'Cancel request pending',
        description: result.message,
      });
      onDone();
    } catch (error) {
      toast({
        variant: 'destructive',
        description: getServerMessage(error) ?? 'Failed to create cancel request',
      });
    }
  };

  const longDate = formatDate(date, LONG_DATE_FORMAT);

  return (
    <Form<CancelValues>
      name="request-cancel"
      layout="vertical"
      noValidate
      disabled={saving}
      onFinish={(values) => void submit(values)}
    >
      <Flex vertical gap="middle" style={{ marginBottom: 16 }}>
        <Typography.Paragraph style={{ margin: 0 }}>
          {duty ? (
            own ? (
              <>
                Ask to be taken off your duty <Typography.Text strong>{duty.label}</Typography.Text>{' '}
                on {longDate}.
              </>
            ) : (
              <>
                Ask for <Typography.Text strong>{person.name}</Typography.Text> to be taken off the
                duty <Typography.Text strong>{duty.label}</Typography.Text> on {longDate}.
              </>
            )
          ) : own ? (
            <>Ask to be taken off your duty on {longDate}.</>
          ) : (
            <>
              Ask for <Typography.Text strong>{person.name}</Typography.Text> to be taken off the
              duty on {longDate}.
            </>
          )}
        </Typography.Paragraph>
        <RequestApprovalNote kind="cancel" />
      </Flex>
      <ReasonField requiredMessage={CANCEL_REASON_REQUIRED_MESSAGE} inputRef={reasonRef} />
      <RequestFormActions saving={saving} onBack={onBack} backLabel={backLabel} />
    </Form>
  );
}
