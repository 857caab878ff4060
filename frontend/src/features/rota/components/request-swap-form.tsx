import { Flex, Form, Select, Typography, type RefSelectProps } from 'antd';
import { useEffect, useMemo, useRef } from 'react';

import { useCreateSwapRequestMutation } from '@/features/requests/api';
import { useGetStaffQuery } from '@/features/staff/api';
import { getServerMessage } from '@/shared/api/errors';
import { formatDate, LONG_DATE_FORMAT } from '@/shared/lib/dates';
import { trimmed } from '@/shared/lib/text';
import { LoadError } from '@/shared/ui/load-error';
import { useToast } from '@/shared/ui/toast';

import type { RotaDayDto, RotaPersonDto } from '../api';
import {
  MISSING_INFORMATION,
  swapTargets,
  SWAP_REASON_REQUIRED_MESSAGE,
  SWAP_TARGET_REQUIRED_MESSAGE,
} from '../lib/duty-requests';
import { RequestApprovalNote, RequestFormActions, RequestReasonField } from './duty-requests';

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

interface RequestSwapFormProps extends RequestFormProps {
  /** The day's rota record, for the day's other duty managers. */
  day: RotaDayDto | undefined;
  dutyManagersPerDay: number;
}

interface SwapValues {
  targetId?: string;
  reason?: string;
}

/**
 * The swap form (docs/product.md#swap-requests): a colleague to cover the duty and a reason. The duty dialog always asks
 * for a cover, so the swap date is the duty's own date (docs/product.md#swap-requests).
 */
export function RequestSwapForm({
  date,
  person,
  own,
  day,
  dutyManagersPerDay,
  onBack,
  onDone,
}: RequestSwapFormProps) {
  const [form] = Form.useForm<SwapValues>();
  const staff = useGetStaffQuery();
  const [createSwap, { isLoading: saving }] = useCreateSwapRequestMutation();
  const toast = useToast();
  const selectRef = useRef<RefSelectProps>(null);

  // The form replaces the overview the person was on: take them to its first field.
  useEffect(() => selectRef.current?.focus(), []);

  const options = useMemo(
    () =>
      swapTargets(staff.data, person, day, dutyManagersPerDay).map((member) => ({
        value: member.id,
        label: member.name,
      })),
    [staff.data, person, day, dutyManagersPerDay],
  );

  const submit = async ({ targetId, reason }: SwapValues) => {
    const text = trimmed(reason);
    if (!targetId || !text) {
      toast({ variant: 'destructive', ...MISSING_INFORMATION });
      return;
    }
    try {
      const result = await createSwap({
        createSwapRequestDto: {
          requesterId: person.id,
          targetId,
          originalDate: date,
          swapDate: date,
          reason: text,
        },
      }).unwrap();
      // The server says who was asked and what happens next ("… It waits for their answer.").
      toast({ title: 'Swap request created', description: result.message });
      onDone();
    } catch (error) {
      toast({
        variant: 'destructive',
        description: getServerMessage(error) ?? 'Failed to create swap request',
      });
    }
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
        {staff.isError && (
          <LoadError
            title="Failed to load staff members"
            error={staff.error}
            onRetry={() => void staff.refetch()}
          />
        )}
      </Flex>
      <Form.Item
        label="Swap with"
        name="targetId"
        rules={[{ required: true, message: SWAP_TARGET_REQUIRED_MESSAGE }]}
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
      <RequestReasonField requiredMessage={SWAP_REASON_REQUIRED_MESSAGE} />
      <RequestFormActions saving={saving} onBack={onBack} />
    </Form>
  );
}
