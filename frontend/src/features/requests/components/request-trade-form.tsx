import { Alert, Flex, Form, Select, Spin, Typography, type RefSelectProps } from 'antd';
import { useEffect, useRef } from 'react';

import type { RotaPersonDto } from '@/features/rota/api';
import { formatDate, LONG_DATE_FORMAT } from '@/shared/lib/dates';
import { trimmed } from '@/shared/lib/text';
import { LoadError } from '@/shared/ui/load-error';
import { ReasonField } from '@/shared/ui/reason-field';

import { useGetSwapOptionsQuery } from '../api';
import { useSendSwapRequest } from '../lib/use-send-swap-request';
import { SWAP_REASON_REQUIRED_MESSAGE } from '../lib/duty-requests';
import { RequestApprovalNote, RequestFormActions } from './duty-requests';

/** docs/product.md#texts-on-screen: the trade form's required choice. */
export const TRADE_DUTY_REQUIRED_MESSAGE = 'Please choose the duty of yours to give in exchange';

/** "You have no duty Bob Ray could take in exchange for theirs." */
export function noTradeDutyText(name: string): string {
  return `You have no duty ${name} could take in exchange for theirs: none on a day they work and are free, or you can't take their day.`;
}

interface TradeValues {
  originalDate?: string;
  reason?: string;
}

interface RequestTradeFormProps {
  /** The colleague's duty day, `yyyy-MM-dd`: the day the signed-in person would take. */
  date: string;
  /** Who is on duty that day: the colleague asked. */
  colleague: RotaPersonDto;
  /** The signed-in person's own staff record: the requester. */
  own: RotaPersonDto;
  onBack: () => void;
  onDone: () => void;
}

/**
 * A trade asked for from a colleague's duty on the rota (docs/product.md#roles-and-permissions,
 * the "Admin access required" dialog): one of the signed-in person's duties that the colleague
 * could take, chosen from the server's list (`GET /api/swap-requests/options` with the colleague
 * and their day), in exchange for the colleague's duty. The colleague is asked first, as for any
 * swap request.
 */
export function RequestTradeForm({ date, colleague, own, onBack, onDone }: RequestTradeFormProps) {
  const options = useGetSwapOptionsQuery({
    requesterId: own.id,
    targetId: colleague.id,
    swapDate: date,
  });
  const { send, sending: saving } = useSendSwapRequest(onDone);
  const selectRef = useRef<RefSelectProps>(null);
  const duties = options.currentData?.duties;

  useEffect(() => {
    if (duties?.length) selectRef.current?.focus();
  }, [duties]);

  const submit = async ({ originalDate, reason }: TradeValues) => {
    const text = trimmed(reason);
    if (!originalDate || !text) return;
    await send({
      requesterId: own.id,
      targetId: colleague.id,
      originalDate,
      swapDate: date,
      reason: text,
    });
  };

  let field;
  if (options.isError && !duties) {
    field = (
      <LoadError
        title="Failed to load your duties"
        error={options.error}
        retrying={options.isFetching}
        onRetry={() => void options.refetch()}
        style={{ marginBottom: 16 }}
      />
    );
  } else if (!duties) {
    field = (
      <Flex justify="center" style={{ padding: 16 }} role="status">
        <Spin description="Loading your duties…" />
      </Flex>
    );
  } else if (duties.length === 0) {
    field = (
      <Alert
        role="status"
        type="info"
        showIcon
        title={noTradeDutyText(colleague.name)}
        style={{ marginBottom: 16 }}
      />
    );
  } else {
    field = (
      <>
        <Form.Item
          label="Your duty"
          name="originalDate"
          rules={[{ required: true, message: TRADE_DUTY_REQUIRED_MESSAGE }]}
          extra={`Your duties ${colleague.name} could take. Type to search.`}
        >
          <Select
            ref={selectRef}
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="Select one of your duties"
            options={duties.map((duty) => ({
              value: duty,
              label: formatDate(duty, LONG_DATE_FORMAT),
            }))}
          />
        </Form.Item>
        <ReasonField requiredMessage={SWAP_REASON_REQUIRED_MESSAGE} />
      </>
    );
  }

  return (
    <Form<TradeValues>
      name="request-trade"
      layout="vertical"
      noValidate
      disabled={saving}
      onFinish={(values) => void submit(values)}
    >
      <Flex vertical gap="middle" style={{ marginBottom: 16 }}>
        <Typography.Paragraph style={{ margin: 0 }}>
          Ask <Typography.Text strong>{colleague.name}</Typography.Text> to trade: you take their
          duty on {formatDate(date, LONG_DATE_FORMAT)}, and they take one of yours.
        </Typography.Paragraph>
        <RequestApprovalNote kind="swap" />
      </Flex>
      {field}
      <RequestFormActions saving={saving} onBack={onBack} />
    </Form>
  );
}
