import { Alert, Flex, Form, Select, Typography, type RefSelectProps } from 'antd';
import { useEffect, useRef } from 'react';

import type { RotaPersonDto } from '@/features/rota/api';
import { formatDate, LONG_DATE_FORMAT } from '@/shared/lib/dates';
import { trimmed } from '@/shared/lib/text';
import { LoadError } from '@/shared/ui/load-error';
import { ReasonField } from '@/shared/ui/reason-field';
import { useToast } from '@/shared/ui/toast';

import { useGetSwapOptionsQuery } from '../api';
import {
  MISSING_INFORMATION,
  SWAP_REASON_REQUIRED_MESSAGE,
  SWAP_TARGET_REQUIRED_MESSAGE,
} from '../lib/duty-requests';
import {
  ASK_ANYONE_LABEL,
  NOBODY_CAN_TAKE_DUTY,
  swapRequestBody,
  swapTargetOptions,
} from '../lib/swap-choices';
import { useSendSwapRequest } from '../lib/use-send-swap-request';
import { RequestApprovalNote, RequestFormActions } from './duty-requests';

export interface RequestFormProps {
  /** The duty's day, `yyyy-MM-dd`. */
  date: string;
  /** Who is on duty: the request is about their duty. */
  person: RotaPersonDto;
  /** The duty is the signed-in person's own: the form says "your duty". */
  own: boolean;
  /** Back to the dialog's overview. */
  onBack: () => void;
  /** The request was made: close the dialog. */
  onDone: () => void;
}

interface SwapValues {
  targetId?: string;
  reason?: string;
}

/**
 * The swap form (docs/product.md#swap-requests): a colleague to cover the duty, or "Ask anyone", and a reason. The duty
 * dialog always asks for a cover, so the swap date is the duty's own date (docs/product.md#swap-requests). The
 * colleagues are the server's, for that day: only people it would let take the duty are offered.
 */
export function RequestSwapForm({ date, person, own, onBack, onDone }: RequestFormProps) {
  const [form] = Form.useForm<SwapValues>();
  const swapOptions = useGetSwapOptionsQuery({ requesterId: person.id, originalDate: date });
  const { send, sending: saving } = useSendSwapRequest(onDone);
  const toast = useToast();
  const selectRef = useRef<RefSelectProps>(null);

  // The form replaces the overview the person was on: take them to its first field.
  useEffect(() => selectRef.current?.focus(), []);

  const colleagues = swapOptions.data?.colleagues;
  const options = swapTargetOptions(colleagues ?? []);
  const loading = swapOptions.isFetching && !colleagues;

  const submit = async ({ targetId, reason }: SwapValues) => {
    const text = trimmed(reason);
    if (!targetId || !text) {
      toast({ variant: 'destructive', ...MISSING_INFORMATION });
      return;
    }
    await send(
      swapRequestBody({
        requesterId: person.id,
        targetId,
        originalDate: date,
        swapDate: date,
        reason: text,
      }),
    );
  };

  const longDate = formatDate(date, LONG_DATE_FORMAT);

  return (
    <Form<SwapValues>
      form={form}
      name="request-swap"
      layout="vertical"
      noValidate
      disabled={saving}
      onFinish={(values) => void submit(values)}
      // docs/product.md#texts-on-screen: a missing target or reason is one toast, besides the fields marked invalid.
      onFinishFailed={() => toast({ variant: 'destructive', ...MISSING_INFORMATION })}
    >
      <Flex vertical gap="middle" style={{ marginBottom: 16 }}>
        <Typography.Paragraph style={{ margin: 0 }}>
          {own ? (
            <>Choose a colleague to cover your duty on {longDate}.</>
          ) : (
            <>
              Choose a colleague to cover <Typography.Text strong>{person.name}</Typography.Text>
              &rsquo;s duty on {longDate}.
            </>
          )}
        </Typography.Paragraph>
        <RequestApprovalNote kind="swap" />
        {swapOptions.isError && (
          <LoadError
            title="Failed to load who can take this duty"
            error={swapOptions.error}
            retrying={swapOptions.isFetching}
            onRetry={() => void swapOptions.refetch()}
          />
        )}
        {colleagues?.length === 0 && (
          <Alert role="note" type="warning" showIcon title={NOBODY_CAN_TAKE_DUTY} />
        )}
      </Flex>
      <Form.Item
        label="Swap with"
        name="targetId"
        rules={[{ required: true, message: SWAP_TARGET_REQUIRED_MESSAGE }]}
        extra={`Colleagues who can take the day, or "${ASK_ANYONE_LABEL}" to offer it to all of them (the first to accept takes it).`}
      >
        <Select
          ref={selectRef}
          showSearch={{ optionFilterProp: 'label' }}
          placeholder="Select a staff member"
          options={options}
          loading={loading}
          notFoundContent={loading ? 'Loading…' : NOBODY_CAN_TAKE_DUTY}
        />
      </Form.Item>
      <ReasonField requiredMessage={SWAP_REASON_REQUIRED_MESSAGE} />
      <RequestFormActions saving={saving} onBack={onBack} />
    </Form>
  );
}
