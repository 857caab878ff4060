import { Alert, Button, Flex, Form, InputNumber, List, Skeleton, Typography } from 'antd';
import { useId } from 'react';

import { getServerMessage } from '@/shared/api/errors';
import { DISPLAY_DATE_FORMAT, formatDate } from '@/shared/lib/dates';
import { CollapsibleSectionCard } from '@/shared/ui/collapsible-section-card';
import { useToast } from '@/shared/ui/toast';

import {
  useGetLeaverRetentionQuery,
  useUpdateLeaverRetentionMutation,
  type LeaverRetentionDto,
} from '../api';

export const LEAVERS_DATA_TITLE = "Leavers' data";
const MONTHS_MIN = 1;
const MONTHS_MAX = 120;
const MONTHS_MESSAGE = `A whole number of months from ${MONTHS_MIN} to ${MONTHS_MAX}`;

const dateOf = (iso: string) => formatDate(iso.slice(0, 10), DISPLAY_DATE_FORMAT);

/**
 * docs/security.md#retention-and-erasure: how many months after someone leaves their personal
 * data is anonymised, and who is next. Admins only (the Admin Panel shows it to `settings.manage`).
 */
export function LeaversDataCard() {
  return (
    <CollapsibleSectionCard
      title={LEAVERS_DATA_TITLE}
      description="When a leaver's name, email and personal details are replaced by a pseudonym. Their duties and requests stay, so history and fairness counts hold."
    >
      {() => <LeaversDataBody />}
    </CollapsibleSectionCard>
  );
}

function LeaversDataBody() {
  const { data, isLoading, isError, error, refetch } = useGetLeaverRetentionQuery();
  if (isLoading)
    return (
      <Skeleton active paragraph={{ rows: 3 }} aria-label="Loading the leavers' data settings…" />
    );
  if (isError || !data) {
    return (
      <Alert
        type="error"
        showIcon
        title="Failed to load the leavers' data settings"
        description={getServerMessage(error) ?? 'Please try again.'}
        action={<Button onClick={() => void refetch()}>Try again</Button>}
      />
    );
  }
  return (
    <Flex vertical gap="middle">
      <RetentionForm key={data.leaverRetentionMonths} saved={data} />
      <NextDue retention={data} />
    </Flex>
  );
}

function RetentionForm({ saved }: { saved: LeaverRetentionDto }) {
  const [form] = Form.useForm<{ months: number | null }>();
  const [update, { isLoading }] = useUpdateLeaverRetentionMutation();
  const toast = useToast();
  const months = Form.useWatch('months', form);

  const save = async ({ months: value }: { months: number | null }) => {
    try {
      const result = await update({
        updateLeaverRetentionDto: { leaverRetentionMonths: value ?? 0 },
      }).unwrap();
      toast({
        title: 'Settings Updated',
        description: `Leavers are anonymised ${result.leaverRetentionMonths} months after they leave.`,
      });
    } catch (saveError) {
      toast({
        variant: 'destructive',
        description:
          getServerMessage(saveError) ?? "Failed to update the leavers' retention period",
      });
    }
  };

  return (
    <Form
      form={form}
      layout="inline"
      initialValues={{ months: saved.leaverRetentionMonths }}
      onFinish={(values) => void save(values)}
      disabled={isLoading}
    >
      <Form.Item
        label="Anonymise leavers"
        name="months"
        rules={[
          { required: true, message: MONTHS_MESSAGE },
          { type: 'integer', min: MONTHS_MIN, max: MONTHS_MAX, message: MONTHS_MESSAGE },
        ]}
      >
        <InputNumber
          min={MONTHS_MIN}
          max={MONTHS_MAX}
          precision={0}
          suffix="months after they leave"
          style={{ width: 240 }}
        />
      </Form.Item>
      <Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          loading={isLoading}
          disabled={months === saved.leaverRetentionMonths}
        >
          Save
        </Button>
      </Form.Item>
    </Form>
  );
}

function NextDue({ retention }: { retention: LeaverRetentionDto }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Typography.Title level={3} id={headingId} style={{ fontSize: 16 }}>
        Next to be anonymised
      </Typography.Title>
      <List
        size="small"
        dataSource={retention.nextDue}
        locale={{ emptyText: 'Nobody: no leaver’s personal data is waiting to be anonymised.' }}
        renderItem={(leaver) => (
          <List.Item key={leaver.staffId}>
            <Flex wrap gap="small" justify="space-between" style={{ width: '100%' }}>
              <Typography.Text strong>{leaver.name}</Typography.Text>
              <Typography.Text type="secondary">
                Left {dateOf(leaver.leftAt)} · due {dateOf(leaver.dueAt)}
              </Typography.Text>
            </Flex>
          </List.Item>
        )}
      />
    </section>
  );
}
