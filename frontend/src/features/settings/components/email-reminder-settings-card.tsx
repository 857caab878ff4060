import { Flex, Form, Select, Switch, TimePicker, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import type { ReactNode } from 'react';

import { useGetDutiesQuery } from '@/features/duties/api';
import { getServerMessage } from '@/shared/api/errors';
import {
  formatDate,
  LONG_DATE_AT_TIME_FORMAT,
  LONG_DATE_FORMAT,
  TIME_FORMAT,
} from '@/shared/lib/dates';
import { confirmDateOnly } from '@/shared/ui/confirm-date-only';
import { LoadError } from '@/shared/ui/load-error';
import { useToast } from '@/shared/ui/toast';

import { latestSaved, OnOffTag, SavedSettingsList } from './saved-settings-list';
import { SaveCancelButtons, SettingsCard, SettingsEditor, SettingsLoading } from './settings-card';

import {
  useGetEmailReminderSettingsQuery,
  useSaveEmailReminderSettingsMutation,
  type EmailReminderSettingsDto,
  type EmailReminderSettingsResultDto,
} from '../api';

// The next reminder's time is shown in the organisation's zone, not the browser's.
dayjs.extend(utc);
dayjs.extend(timezone);

const TITLE = 'Email Reminder Settings';
const ENABLED_LABEL = 'Send email reminders';
/** The switch's help, for the position it is in (docs/product.md#texts-on-screen). */
export const ENABLED_HELP = {
  on: 'On: reminder emails go out at the reminder time below.',
  off: 'Off: no reminder emails go out, and tests are refused.',
} as const;
const TIME_LABEL = 'Reminder time';
const HOURS_LABEL = 'Hours in advance';

type HoursAdvance = EmailReminderSettingsDto['hoursAdvance'];

/** The choices the server accepts, in order. */
const HOURS_CHOICES: HoursAdvance[] = [1, 2, 4, 8, 12, 24, 48];

/** "1 hour", "24 hours". */
function hoursLabel(hours: number): string {
  return hours === 1 ? '1 hour' : `${hours} hours`;
}

const HOURS_OPTIONS = HOURS_CHOICES.map((hours) => ({ value: hours, label: hoursLabel(hours) }));

const MINUTES_LABEL = 'Reminder before a timed duty';
type MinutesBefore = NonNullable<EmailReminderSettingsDto['minutesBefore']>;
/** The form's value for "None" (a select shows null as no choice at all). */
const NO_MINUTES = 0;

/** "15 minutes before", "1 hour before". */
function minutesLabel(minutes: number): string {
  return minutes === 60 ? '1 hour before' : `${minutes} minutes before`;
}

/** The choices the server accepts, in order, after "None". */
const MINUTES_OPTIONS = [
  { value: NO_MINUTES, label: 'None' },
  ...([15, 30, 60] as MinutesBefore[]).map((minutes) => ({
    value: minutes,
    label: minutesLabel(minutes),
  })),
];

function savedDescription({
  enabled,
  time,
  hoursAdvance,
  minutesBefore,
}: EmailReminderSettingsDto): string {
  const beforeStart = minutesBefore
    ? `, and ${minutesLabel(minutesBefore)} each timed duty starts`
    : '';
  return enabled
    ? `Email reminders are on: ${time}, ${hoursLabel(hoursAdvance)} before each duty${beforeStart}.`
    : 'Email reminders are off.';
}

/**
 * Whether the reminder before a timed duty is offered (docs/product.md#reminders): in a school
 * that runs more than the Duty Manager duty, or once one is set. A school with the Duty Manager
 * duty alone sees the settings it always had.
 */
function useMinutesBeforeShown(settings: EmailReminderSettingsResultDto | undefined): boolean {
  const duties = useGetDutiesQuery();
  return (duties.data?.length ?? 0) > 1 || Boolean(settings?.minutesBefore);
}

/**
 * When the next reminders go out, in the organisation's zone: "Monday 8 September 2025 at 08:30".
 * An unknown zone falls back to the browser's.
 */
function formatSendAt(sendAt: string, timeZone: string): string {
  const instant = dayjs(sendAt);
  if (!instant.isValid()) return formatDate(null);
  let local = instant;
  try {
    local = instant.tz(timeZone);
  } catch {
    // Not a zone this browser knows: the browser's own zone is the best remaining guess.
  }
  return local.format(LONG_DATE_AT_TIME_FORMAT);
}

/**
 * docs/product.md#reminders, Admin Panel: the Email Reminder Settings section. It shows whether reminders are on,
 * when they go out and the next ones due, and toggles into an edit mode.
 */
export function EmailReminderSettingsCard() {
  return (
    <SettingsCard
      title={TITLE}
      description="Everyone on duty gets an email reminder before each duty day. Reminders go out on weekdays: a reminder that would fall on a Saturday or Sunday goes out on the Friday before, at the reminder time."
    >
      {() => <SettingsBody />}
    </SettingsCard>
  );
}

function SettingsBody() {
  const query = useGetEmailReminderSettingsQuery();
  const [saveSettings, saveState] = useSaveEmailReminderSettingsMutation();
  const minutesShown = useMinutesBeforeShown(query.data);

  return (
    <SettingsEditor
      settings={query.data && latestSaved(query.data, query.fulfilledTimeStamp, saveState)}
      // Loading until the settings come or loading them has failed.
      loading={!query.data && !query.isError}
      loadingView={
        <SettingsLoading
          label="Loading email reminder settings"
          text="Loading email reminder settings…"
        />
      }
      failedView={
        <LoadError
          title="Failed to load email reminder settings"
          error={query.error}
          retrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      }
      view={(settings, editButton) => (
        <SettingsView settings={settings} editButton={editButton} minutesShown={minutesShown} />
      )}
      form={(settings, done) => (
        <SettingsForm
          settings={settings}
          minutesShown={minutesShown}
          saving={saveState.isLoading}
          save={(dto) => saveSettings({ emailReminderSettingsDto: dto }).unwrap()}
          onDone={done}
        />
      )}
    />
  );
}

function SettingsView({
  settings,
  editButton,
  minutesShown,
}: {
  settings: EmailReminderSettingsResultDto;
  editButton: ReactNode;
  minutesShown: boolean;
}) {
  const rows = [
    {
      label: 'Reminders',
      value: <OnOffTag on={settings.enabled} />,
    },
    { label: TIME_LABEL, value: <Typography.Text>{settings.time}</Typography.Text> },
    {
      label: HOURS_LABEL,
      value: <Typography.Text>{hoursLabel(settings.hoursAdvance)}</Typography.Text>,
    },
    ...(minutesShown
      ? [
          {
            label: MINUTES_LABEL,
            value: (
              <Typography.Text>
                {settings.minutesBefore ? minutesLabel(settings.minutesBefore) : 'None'}
              </Typography.Text>
            ),
          },
        ]
      : []),
  ];
  const next = settings.nextReminder;

  return (
    <Flex vertical gap="middle">
      <SavedSettingsList label="Saved email reminder settings" rows={rows} />
      <div>
        {next && (
          <Typography.Paragraph style={{ marginBottom: 4 }}>
            {`Next reminders: ${formatSendAt(next.sendAt, settings.timeZone)}, for duties on ${formatDate(next.dutyDate, LONG_DATE_FORMAT)}`}
          </Typography.Paragraph>
        )}
        <Typography.Text type="secondary">
          {`Times are in the organisation’s time zone (${settings.timeZone}).`}
        </Typography.Text>
      </div>
      <div>{editButton}</div>
    </Flex>
  );
}

interface EditValues {
  enabled: boolean;
  time: Dayjs | null;
  hoursAdvance: HoursAdvance;
  minutesBefore: MinutesBefore | typeof NO_MINUTES;
}

interface SettingsFormProps {
  settings: EmailReminderSettingsResultDto;
  /** Whether the reminder before a timed duty is offered; when not, the save leaves it as it is. */
  minutesShown: boolean;
  saving: boolean;
  save: (dto: EmailReminderSettingsDto) => Promise<EmailReminderSettingsResultDto>;
  onDone: () => void;
}

/** The edit mode: mounted only while editing, so Cancel drops the draft. */
function SettingsForm({ settings, minutesShown, saving, save, onDone }: SettingsFormProps) {
  const toast = useToast();
  const [form] = Form.useForm<EditValues>();
  // Until the form has mounted the watch reads undefined: the saved value is the switch's.
  const enabled = Form.useWatch('enabled', form) ?? settings.enabled;

  const submit = async ({ enabled, time, hoursAdvance, minutesBefore }: EditValues) => {
    if (!time) return; // The required rule has already said so.
    const dto: EmailReminderSettingsDto = { enabled, time: time.format(TIME_FORMAT), hoursAdvance };
    if (minutesShown) dto.minutesBefore = minutesBefore === NO_MINUTES ? null : minutesBefore;
    try {
      const result = await save(dto);
      toast({ title: 'Settings updated', description: savedDescription(result) });
      onDone();
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Update failed',
        description: getServerMessage(error) ?? 'Failed to update email reminder settings',
      });
    }
  };

  const initialValues: EditValues = {
    enabled: settings.enabled,
    time: dayjs(settings.time, TIME_FORMAT, true).isValid()
      ? dayjs(settings.time, TIME_FORMAT, true)
      : null,
    hoursAdvance: settings.hoursAdvance,
    minutesBefore: settings.minutesBefore ?? NO_MINUTES,
  };

  return (
    <Form<EditValues>
      form={form}
      name="email-reminders"
      layout="vertical"
      disabled={saving}
      initialValues={initialValues}
      onFinish={(values) => void submit(values)}
    >
      <Form.Item
        name="enabled"
        label={ENABLED_LABEL}
        valuePropName="checked"
        extra={enabled ? ENABLED_HELP.on : ENABLED_HELP.off}
      >
        <Switch />
      </Form.Item>
      <Form.Item
        name="time"
        label={TIME_LABEL}
        extra={`24-hour time in the organisation’s time zone (${settings.timeZone}), e.g. 08:30.`}
        rules={[{ required: true, message: 'Choose a reminder time' }]}
      >
        <TimePicker
          format={TIME_FORMAT}
          needConfirm={false}
          allowClear={false}
          onKeyDown={confirmDateOnly}
          style={{ width: 140 }}
        />
      </Form.Item>
      <Form.Item
        name="hoursAdvance"
        label={HOURS_LABEL}
        extra="How long before the duty day’s reminder time the email goes out."
      >
        <Select options={HOURS_OPTIONS} style={{ width: 140 }} />
      </Form.Item>
      {minutesShown && (
        <Form.Item
          name="minutesBefore"
          label={MINUTES_LABEL}
          extra="Besides the reminder before the duty day, an email this long before each timed duty starts. All-day duties get none."
        >
          <Select options={MINUTES_OPTIONS} style={{ width: 180 }} />
        </Form.Item>
      )}
      <SaveCancelButtons saving={saving} onCancel={onDone} />
    </Form>
  );
}
