import {
  CalendarOutlined,
  CheckOutlined,
  CopyOutlined,
  LinkOutlined,
  StopOutlined,
  SyncOutlined,
} from '@ant-design/icons';
import { Alert, Button, Flex, Input, Skeleton, Space, Typography } from 'antd';
import { useEffect, useId, useRef, useState } from 'react';

import { getServerMessage, isApiError } from '@/shared/api/errors';
import { DATE_AT_TIME_FORMAT, formatDateTime } from '@/shared/lib/dates';
import { ConfirmButton } from '@/shared/ui/confirm-button';
import { LoadError } from '@/shared/ui/load-error';
import { SectionCard } from '@/shared/ui/section-card';
import { useToast } from '@/shared/ui/toast';

import {
  useCreateCalendarSubscriptionMutation,
  useGetCalendarSubscriptionQuery,
  useRevokeCalendarSubscriptionMutation,
  type CalendarSubscriptionLinksDto,
} from '../api';

const TITLE = 'Calendar Subscription';
/** docs/product.md#screens: how long a Copy button reads "Copied". */
export const COPIED_STATE_MS = 2000;
/** Shown when the browser refuses the copy (docs/product.md#texts-on-screen). */
export const COPY_FAILED_MESSAGE = 'Failed to copy URL to clipboard';

const SECTION_HEADING_STYLE = { fontSize: 16, margin: 0 } as const;

/** "about every hour", "about every 30 minutes", "about every 2 hours". */
export function refreshIntervalText(minutes: number): string {
  if (minutes === 60) return 'hour';
  if (minutes > 60 && minutes % 60 === 0) return `${minutes / 60} hours`;
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

/**
 * Copies through a selected, unseen text area: what browsers allow where the Clipboard API is
 * missing, as on a school's own server over plain http. False when the browser refuses.
 */
function copyThroughPage(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.readOnly = true;
  Object.assign(area.style, { position: 'fixed', top: '0', opacity: '0' });
  const focused = document.activeElement;
  document.body.append(area);
  area.focus();
  area.select();
  try {
    // Deprecated, but the only way to copy without the Clipboard API.
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
    if (focused instanceof HTMLElement) focused.focus();
  }
}

/** Copies `text`, then reads "Copied" for two seconds (docs/product.md#screens). */
function CopyButton({ text }: { text: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const toast = useToast();

  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    // Undefined outside secure contexts (plain http), whatever the types say.
    const clipboard = navigator.clipboard as Clipboard | undefined;
    // A browser may also refuse the Clipboard API itself (no permission, the window not focused,
    // a browser set to ask): the copy through the page still works from a click, as on plain http.
    const done = clipboard
      ? await clipboard.writeText(text).then(
          () => true,
          () => copyThroughPage(text),
        )
      : copyThroughPage(text);
    if (!done) {
      toast({ variant: 'destructive', description: COPY_FAILED_MESSAGE });
      return;
    }
    clearTimeout(timer.current);
    setCopied(true);
    timer.current = setTimeout(() => setCopied(false), COPIED_STATE_MS);
    toast({ title: 'Copied!', description: 'Calendar subscription URL copied to clipboard' });
  };

  return (
    <Button
      icon={copied ? <CheckOutlined aria-hidden /> : <CopyOutlined aria-hidden />}
      onClick={() => void copy()}
    >
      {copied ? 'Copied' : 'Copy'}
    </Button>
  );
}

interface FeedLinksProps {
  /** "All duties" or "My duties": the section's heading and the start of its fields' names. */
  title: string;
  description: string;
  url: string;
  webcalUrl: string;
  autoFocus?: boolean;
}

/** One feed: its https link to copy and its webcal:// link to open in a calendar app. */
function FeedLinks({ title, description, url, webcalUrl, autoFocus }: FeedLinksProps) {
  const headingId = useId();
  const selectAll = (event: { currentTarget: HTMLInputElement }) => event.currentTarget.select();
  return (
    <section aria-labelledby={headingId}>
      <Typography.Title level={3} id={headingId} style={SECTION_HEADING_STYLE}>
        {title}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ margin: '2px 0 8px' }}>
        {description}
      </Typography.Paragraph>
      <Flex vertical gap="small">
        <Space.Compact style={{ width: '100%' }}>
          <Input
            readOnly
            value={url}
            aria-label={`${title} subscription URL`}
            prefix={<LinkOutlined aria-hidden />}
            autoFocus={autoFocus}
            onFocus={selectAll}
          />
          <CopyButton text={url} />
        </Space.Compact>
        <Space.Compact style={{ width: '100%' }}>
          <Input
            readOnly
            value={webcalUrl}
            aria-label={`${title} webcal URL`}
            prefix={<CalendarOutlined aria-hidden />}
            onFocus={selectAll}
          />
          <Button href={webcalUrl} icon={<CalendarOutlined aria-hidden />}>
            Open in calendar app
          </Button>
        </Space.Compact>
      </Flex>
    </section>
  );
}

function SubscriptionLinks({
  links,
  autoFocus,
}: {
  links: CalendarSubscriptionLinksDto;
  autoFocus: boolean;
}) {
  return (
    <Flex vertical gap="middle">
      <Alert
        type="warning"
        // A standing note, not news: `alert` would interrupt screen readers as the link appears.
        role="note"
        showIcon
        title="Keep this link private: anyone with it can see the duties. For your security it is shown only once; if you lose it, rotate it to get a new one."
      />
      <FeedLinks
        title="All duties"
        description="Every duty of the organisation, with its holidays."
        url={links.allDutiesUrl}
        webcalUrl={links.allDutiesWebcalUrl}
        autoFocus={autoFocus}
      />
      <FeedLinks
        title="My duties"
        description="Only your own duties, with the holidays."
        url={links.myDutiesUrl}
        webcalUrl={links.myDutiesWebcalUrl}
      />
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        Google Calendar: Other calendars &gt; From URL, then paste the link. Outlook: Add calendar
        &gt; Subscribe from web. Apple Calendar: Open in calendar app.
      </Typography.Paragraph>
    </Flex>
  );
}

/**
 * The Dashboard's calendar subscription card (docs/product.md#subscription-feeds): a secret link per
 * user to two live feeds, all duties and the user's own, for Google Calendar, Outlook or Apple
 * Calendar. The server keeps only a hash of the link, so it can be shown only in the response
 * that made it: the card keeps that response while it is mounted, and otherwise offers to rotate.
 */
export function CalendarSubscriptionCard() {
  const { data, isLoading, isFetching, isError, error, refetch } =
    useGetCalendarSubscriptionQuery();
  const [createSubscription, { isLoading: creating }] = useCreateCalendarSubscriptionMutation();
  const [revokeSubscription] = useRevokeCalendarSubscriptionMutation();
  const [links, setLinks] = useState<CalendarSubscriptionLinksDto | null>(null);
  // Where focus goes when the button just used disappears: the new link, or Create again.
  const [focus, setFocus] = useState<'links' | 'create' | null>(null);
  const toast = useToast();

  const issue = async (rotating: boolean) => {
    try {
      const result = await createSubscription().unwrap();
      setLinks(result);
      setFocus(rotating ? null : 'links');
      toast(
        rotating
          ? {
              title: 'Subscription link rotated',
              description: 'The previous link no longer works.',
            }
          : { title: 'Subscription link created' },
      );
    } catch (failure) {
      toast({
        variant: 'destructive',
        description:
          getServerMessage(failure) ??
          (rotating
            ? 'Failed to rotate the subscription link'
            : 'Failed to create the subscription link'),
      });
    }
  };

  const revoke = async () => {
    try {
      await revokeSubscription().unwrap();
      setLinks(null);
      setFocus('create');
      toast({
        title: 'Subscription link revoked',
        description: 'Calendars using it stop updating.',
      });
    } catch (failure) {
      // 404: there was no link (revoked elsewhere), so the one shown here is dead too.
      if (isApiError(failure) && failure.status === 404) setLinks(null);
      toast({
        variant: 'destructive',
        description: getServerMessage(failure) ?? 'Failed to revoke the subscription link',
      });
    }
  };

  let body;
  if (isError && !data) {
    body = (
      <LoadError
        title="Failed to load the calendar subscription"
        error={error}
        retrying={isFetching}
        onRetry={() => void refetch()}
      />
    );
  } else if (isLoading || !data) {
    body = (
      <div role="status" aria-label="Loading calendar subscription">
        <Skeleton active title={false} paragraph={{ rows: 3 }} />
      </div>
    );
  } else {
    const hasLink = Boolean(links) || data.active;
    const minutes = links?.refreshIntervalMinutes ?? data.refreshIntervalMinutes;
    body = (
      <Flex vertical gap="middle">
        {links ? (
          <SubscriptionLinks links={links} autoFocus={focus === 'links'} />
        ) : data.active ? (
          <Typography.Paragraph style={{ marginBottom: 0 }}>
            You have a subscription link, created{' '}
            {data.createdAt ? formatDateTime(data.createdAt, DATE_AT_TIME_FORMAT) : 'earlier'}
            {data.lastUsedAt
              ? `, last used by a calendar app ${formatDateTime(data.lastUsedAt, DATE_AT_TIME_FORMAT)}`
              : ', not yet used by a calendar app'}
            . For your security it can&apos;t be shown again: to subscribe another calendar, rotate
            it to get a new link.
          </Typography.Paragraph>
        ) : (
          <Flex vertical gap="middle" align="flex-start">
            <Typography.Paragraph style={{ marginBottom: 0 }}>
              You have no subscription link yet. Create one to add the duty rota to your calendar: a
              feed of all duties and a feed of just your own.
            </Typography.Paragraph>
            <Button
              type="primary"
              icon={<LinkOutlined aria-hidden />}
              loading={creating}
              autoFocus={focus === 'create'}
              onClick={() => void issue(false)}
            >
              Create Subscription Link
            </Button>
          </Flex>
        )}
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          Calendar apps check for changes about every {refreshIntervalText(minutes)}; Google
          Calendar may take up to a day.
        </Typography.Paragraph>
        {hasLink && (
          <Flex gap="small" wrap>
            <ConfirmButton
              icon={<SyncOutlined aria-hidden />}
              confirmTitle="Rotate the subscription link?"
              confirmDescription="Calendars using the current link stop updating until you subscribe with the new one."
              okText="Rotate"
              onConfirm={() => issue(true)}
            >
              Rotate link
            </ConfirmButton>
            <ConfirmButton
              danger
              icon={<StopOutlined aria-hidden />}
              confirmTitle="Revoke the subscription link?"
              confirmDescription="Calendars using it stop updating."
              okText="Revoke"
              okDanger
              onConfirm={revoke}
            >
              Revoke link
            </ConfirmButton>
          </Flex>
        )}
      </Flex>
    );
  }

  return (
    <SectionCard title={TITLE}>
      <Typography.Paragraph type="secondary">
        Subscribe in Google Calendar, Outlook or Apple Calendar to see your duties there, updating
        automatically as the rota changes.
      </Typography.Paragraph>
      {body}
    </SectionCard>
  );
}
