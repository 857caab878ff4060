import { ReloadOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  DatePicker,
  Empty,
  Flex,
  Form,
  Skeleton,
  Tag,
  theme,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useId, useRef, useState } from 'react';

import { getServerMessage, isApiError } from '@/shared/api/errors';
import {
  DATE_AT_SECONDS_FORMAT,
  DATE_INPUT_FORMATS,
  formatDateTime,
  isWeekend,
  LONG_DATE_FORMAT,
  today,
  toIsoDate,
  type Dayjs,
} from '@/shared/lib/dates';
import { confirmDateOnly } from '@/shared/ui/confirm-date-only';
import { LoadError } from '@/shared/ui/load-error';
import { CARD_HEADING_STYLE, SectionCard } from '@/shared/ui/section-card';
import { useToast } from '@/shared/ui/toast';

import {
  useGetEmailDeliveriesQuery,
  useTestEmailRemindersForDateMutation,
  useTestEmailRemindersMutation,
  type EmailDeliveryDto,
  type TestRemindersResultDto,
} from '../api';

const TITLE = 'Email System Testing';
const RECENT_EMAILS = 'Recent emails';
const DATE_LABEL = 'Duty date';
/** How many test results the card keeps. */
const MAX_RESULTS = 10;
/** How many simulated emails the test-mode notice lists. */
const MAX_SIMULATED = 5;

const LIST_STYLE = { listStyle: 'none', margin: 0, padding: 0 } as const;

/** The first weekday after `date`: Friday, Saturday and Sunday all give the Monday after. */
function nextWeekday(date: Dayjs): Dayjs {
  let next = date.startOf('day').add(1, 'day');
  while (isWeekend(next)) next = next.add(1, 'day');
  return next;
}

/** Days a test can be run for: weekdays from today on (by the browser's clock). */
function isUnavailableDate(date: Dayjs): boolean {
  return isWeekend(date) || date.isBefore(today(), 'day');
}

/** What a failed test reads: the server's reason, or what went wrong on the way. */
function testErrorMessage(error: unknown): string {
  if (isApiError(error) && error.status === 'FETCH_ERROR') return 'Network error occurred';
  return getServerMessage(error) ?? 'Failed to trigger email reminders';
}

interface TestResult {
  id: number;
  ok: boolean;
  /** What was run, e.g. "Reminder check" or "Reminders for Monday 15 September 2025". */
  what: string;
  message: string;
  /** When it ran: an ISO instant. */
  at: string;
}

type Running = 'now' | 'date' | 'quick';

/**
 * docs/product.md#reminders, Admin Panel: the Email System Testing section. It runs the reminder pass now, or for
 * one duty date, keeps the outcome of each test, and lists the organisation's latest emails.
 */
export function EmailSystemTestingCard() {
  const [results, setResults] = useState<TestResult[]>([]);
  const nextId = useRef(0);

  const addResult = (result: Omit<TestResult, 'id'>) => {
    nextId.current += 1;
    const id = nextId.current;
    setResults((previous) => [{ ...result, id }, ...previous].slice(0, MAX_RESULTS));
  };

  return (
    <SectionCard title={TITLE}>
      <Typography.Paragraph type="secondary">
        A test runs the reminder pass now, instead of waiting for the reminder time. Each person
        still gets each reminder once: anyone already reminded for a duty is not emailed again.
      </Typography.Paragraph>
      <Flex vertical gap="large">
        <TestModeNotice />
        <TestActions onResult={addResult} />
        {results.length > 0 && <TestResults results={results} />}
        <RecentEmails />
      </Flex>
    </SectionCard>
  );
}

function TestActions({ onResult }: { onResult: (result: Omit<TestResult, 'id'>) => void }) {
  const [testNow] = useTestEmailRemindersMutation();
  const [testForDate] = useTestEmailRemindersForDateMutation();
  const [running, setRunning] = useState<Running | null>(null);
  const [form] = Form.useForm<{ date: Dayjs | null }>();
  const toast = useToast();
  const quickHelpId = useId();
  const nowHelpId = useId();

  const quickDate = nextWeekday(dayjs());

  const run = async (
    kind: Running,
    what: string,
    request: () => Promise<TestRemindersResultDto>,
  ) => {
    setRunning(kind);
    try {
      const result = await request();
      const ranAt = dayjs(result.ranAt).isValid() ? result.ranAt : new Date().toISOString();
      onResult({ ok: true, what, message: result.message, at: ranAt });
    } catch (error) {
      const message = testErrorMessage(error);
      onResult({ ok: false, what, message, at: new Date().toISOString() });
      toast({ variant: 'destructive', title: 'Test Failed', description: message });
    } finally {
      setRunning(null);
    }
  };

  const runForDate = (kind: Running, date: Dayjs) =>
    run(kind, `Reminders for ${date.format(LONG_DATE_FORMAT)}`, () =>
      testForDate({ testRemindersForDateDto: { date: toIsoDate(date) } }).unwrap(),
    );

  const busy = running !== null;

  return (
    <Flex vertical gap="middle">
      <Flex wrap gap="small" align="center">
        <Button
          type="primary"
          loading={running === 'now'}
          disabled={busy && running !== 'now'}
          aria-describedby={nowHelpId}
          onClick={() => void run('now', 'Reminder check', () => testNow().unwrap())}
        >
          Run reminder check now
        </Button>
        <Typography.Text id={nowHelpId} type="secondary">
          Sends the reminders that are due at this moment and have not gone out yet.
        </Typography.Text>
      </Flex>

      <Form<{ date: Dayjs | null }>
        form={form}
        name="email-test"
        layout="inline"
        initialValues={{ date: quickDate }}
        onFinish={({ date }) => {
          if (date) void runForDate('date', date);
        }}
        style={{ rowGap: 8 }}
      >
        <Form.Item
          name="date"
          label={DATE_LABEL}
          rules={[
            { required: true, message: 'Choose a duty date' },
            {
              validator: async (_rule, date: Dayjs | null) => {
                if (!date) return;
                if (isWeekend(date)) {
                  throw new Error('Duties are on weekdays: choose Monday to Friday');
                }
                if (date.isBefore(today(), 'day')) throw new Error('Choose today or a later day');
              },
            },
          ]}
        >
          <DatePicker
            format={DATE_INPUT_FORMATS}
            disabledDate={isUnavailableDate}
            allowClear={false}
            onKeyDown={confirmDateOnly}
            style={{ width: 160 }}
          />
        </Form.Item>
        <Form.Item style={{ marginInlineEnd: 0 }}>
          <Button
            htmlType="submit"
            loading={running === 'date'}
            disabled={busy && running !== 'date'}
          >
            Send test
          </Button>
        </Form.Item>
      </Form>

      <Flex wrap gap="small" align="center">
        <Button
          loading={running === 'quick'}
          disabled={busy && running !== 'quick'}
          aria-describedby={quickHelpId}
          onClick={() => void runForDate('quick', quickDate)}
        >
          Quick test: next weekday
        </Button>
        <Typography.Text id={quickHelpId} type="secondary">
          {`Sends the reminders for ${quickDate.format(LONG_DATE_FORMAT)}.`}
        </Typography.Text>
      </Flex>
    </Flex>
  );
}

/** The tests run since the card was opened, newest first. */
function TestResults({ results }: { results: TestResult[] }) {
  return (
    <ul aria-label="Test results" style={{ ...LIST_STYLE, display: 'grid', gap: 8 }}>
      {results.map((result) => (
        <li key={result.id}>
          <Alert
            type={result.ok ? 'success' : 'error'}
            // Polite: a failure also raises an assertive toast, which is enough interruption.
            role="status"
            showIcon
            title={result.ok ? 'Test Succeeded' : 'Test Failed'}
            description={
              <Flex vertical gap={2}>
                <span>{result.message}</span>
                <Typography.Text type="secondary">
                  {`${result.what} · `}
                  <time dateTime={result.at}>
                    {formatDateTime(result.at, DATE_AT_SECONDS_FORMAT)}
                  </time>
                </Typography.Text>
              </Flex>
            }
          />
        </li>
      ))}
    </ul>
  );
}

/** No mail server: the emails are only recorded, and the notice lists the last of them. */
function TestModeNotice() {
  const { data } = useGetEmailDeliveriesQuery();
  if (!data?.testMode) return null;
  const simulated = data.emails
    .filter((email) => email.status === 'simulated')
    .slice(0, MAX_SIMULATED);

  return (
    <Alert
      type="info"
      role="note"
      aria-label="Test mode"
      showIcon
      title="Test mode"
      description={
        <Flex vertical gap={4}>
          <span>
            No mail server is configured, so emails are simulated: they are recorded here instead of
            being sent.
          </span>
          {simulated.length === 0 ? (
            <Typography.Text type="secondary">No emails have been simulated yet.</Typography.Text>
          ) : (
            <>
              <Typography.Text strong>Last simulated emails</Typography.Text>
              <ul aria-label="Last simulated emails" style={{ margin: 0, paddingInlineStart: 20 }}>
                {simulated.map((email) => (
                  <li key={email.id}>
                    {`${email.subject} — to ${email.to}, `}
                    <time dateTime={email.createdAt}>{formatDateTime(email.createdAt)}</time>
                  </li>
                ))}
              </ul>
            </>
          )}
        </Flex>
      }
    />
  );
}

const STATUS_TAGS: Record<EmailDeliveryDto['status'], { label: string; color?: string }> = {
  pending: { label: 'Queued' },
  sending: { label: 'Sending', color: 'processing' },
  sent: { label: 'Sent', color: 'green' },
  simulated: { label: 'Simulated', color: 'blue' },
  failed: { label: 'Failed', color: 'red' },
};

function StatusTag({ email }: { email: EmailDeliveryDto }) {
  const { label, color } =
    email.status === 'pending' && email.attempts > 0
      ? { label: 'Waiting to retry', color: 'orange' }
      : STATUS_TAGS[email.status];
  return (
    <Tag color={color} style={{ marginInlineEnd: 0 }}>
      {label}
    </Tag>
  );
}

function EmailItem({ email, first }: { email: EmailDeliveryDto; first: boolean }) {
  const { token } = theme.useToken();
  const showError = email.lastError && (email.status === 'failed' || email.status === 'pending');
  return (
    <li
      style={{ padding: '8px 0', borderTop: first ? undefined : `1px solid ${token.colorSplit}` }}
    >
      <Flex justify="space-between" align="start" gap="small">
        <Flex vertical gap={2} style={{ minWidth: 0 }}>
          <Typography.Text strong>{email.subject}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
            {`To ${email.to} · `}
            <time dateTime={email.createdAt}>{formatDateTime(email.createdAt)}</time>
          </Typography.Text>
          {showError && (
            <Typography.Text type="danger" style={{ fontSize: token.fontSizeSM }}>
              {email.lastError}
            </Typography.Text>
          )}
          {email.text && (
            // The text as kept: a placeholder for emails with an access link, or once purged.
            <details style={{ fontSize: token.fontSizeSM }}>
              <summary style={{ cursor: 'pointer' }}>Email text</summary>
              <div style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', marginTop: 4 }}>
                {email.text}
              </div>
            </details>
          )}
        </Flex>
        <StatusTag email={email} />
      </Flex>
    </li>
  );
}

function RecentEmailsBody() {
  const { data, isLoading, isFetching, isError, error, refetch } = useGetEmailDeliveriesQuery();

  if (isError && !data) {
    return (
      <LoadError
        title="Failed to load recent emails"
        error={error}
        retrying={isFetching}
        onRetry={() => void refetch()}
      />
    );
  }
  if (isLoading || !data) {
    return (
      <div role="status" aria-label="Loading recent emails">
        <Skeleton active title={false} paragraph={{ rows: 3 }} />
      </div>
    );
  }
  if (data.emails.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No emails yet." />;
  }
  return (
    <ul aria-label="Emails, newest first" style={LIST_STYLE}>
      {data.emails.map((email, index) => (
        <EmailItem key={email.id} email={email} first={index === 0} />
      ))}
    </ul>
  );
}

/** The organisation's latest emails; a test refreshes them (it invalidates the settings tag). */
function RecentEmails() {
  const headingId = useId();
  const { isFetching, refetch } = useGetEmailDeliveriesQuery();

  return (
    <section aria-labelledby={headingId}>
      <Flex justify="space-between" align="center" gap="small" style={{ marginBottom: 4 }}>
        <h3 id={headingId} style={{ ...CARD_HEADING_STYLE, fontWeight: 600 }}>
          {RECENT_EMAILS}
        </h3>
        <Button
          size="small"
          icon={<ReloadOutlined aria-hidden />}
          aria-label="Refresh recent emails"
          loading={isFetching}
          onClick={() => void refetch()}
        >
          Refresh
        </Button>
      </Flex>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>
        An email reads Queued until the mail worker takes it, a moment after a test: Refresh shows
        the latest.
      </Typography.Paragraph>
      <RecentEmailsBody />
    </section>
  );
}
