import { Alert, Button, DatePicker, Descriptions, Flex, Form, InputNumber, Radio } from 'antd';
import { useId, useState } from 'react';

import { getServerMessage } from '@/shared/api/errors';
import {
  DATE_INPUT_FORMATS,
  DISPLAY_DATE_FORMAT,
  formatDate,
  parseDate,
  toIsoDate,
  type Dayjs,
} from '@/shared/lib/dates';
import { changeOutcome } from '@/shared/lib/rota-change';
import { confirmDateOnly } from '@/shared/ui/confirm-date-only';
import { useToast } from '@/shared/ui/toast';

import {
  useGetSystemSettingsQuery,
  useSaveSystemSettingsMutation,
  type MixMode,
  type SystemSettingsDto,
} from '../api';

import { SaveCancelButtons, SettingsCard, SettingsEditor, SettingsLoading } from './settings-card';

const TITLE = 'Rota rules';
const MIX_LABEL = 'Teaching mix';
const CAP_LABEL = 'Default weekly cap';
const WEEK_A_LABEL = 'Week A starts';
const CAP_MIN = 1;
const CAP_MAX = 5;
const CAP_RANGE_MESSAGE = `The default weekly cap must be a whole number from ${CAP_MIN} to ${CAP_MAX}, or empty for no cap`;
const WEEK_A_MONDAY_MESSAGE = 'Week A must start on a Monday';

/**
 * docs/product.md#working-patterns: the three teaching-mix modes, each with what it costs, so the
 * admin chooses between a mixed day and a fair load knowingly.
 */
export const MIX_MODES: readonly { value: MixMode; label: string; cost: string }[] = [
  {
    value: 'always',
    label: 'Always pair',
    cost: 'Every day is mixed, but the smaller group does more duties than its fair share.',
  },
  {
    value: 'when_fair',
    label: 'Pair when it is fair',
    cost: 'Recommended. Mixed whenever it keeps everyone within one duty of their fair share.',
  },
  {
    value: 'never',
    label: "Don't pair",
    cost: 'The fairest load, but a day may be all teaching or all non-teaching staff.',
  },
];

function mixLabel(mode: MixMode): string {
  return MIX_MODES.find((option) => option.value === mode)?.label ?? mode;
}

/** A weekly cap is a whole number of duties from 1 to 5; empty (null) means no cap. */
function isValidCap(cap: number | null): boolean {
  return cap === null || (Number.isInteger(cap) && cap >= CAP_MIN && cap <= CAP_MAX);
}

/** ISO weekday 1 is Monday: Week A can only begin on one. */
function isMonday(date: Dayjs): boolean {
  return date.isoWeekday() === 1;
}

/**
 * docs/product.md#working-patterns: the organisation's rota rules — the teaching mix, the default
 * weekly cap and the Monday Week A starts on. Admins change them; a lower cap or a moved Week A
 * can take duties off the rota, which the save's one toast then says.
 */
export function RotaRulesCard() {
  return (
    <SettingsCard
      collapsible
      title={TITLE}
      description="How the rota is planned: pairing teaching and non-teaching staff, the most duties anyone does in a week, and the two-week timetable."
    >
      {() => <RotaRulesBody />}
    </SettingsCard>
  );
}

function RotaRulesBody() {
  const { data, isLoading, isError, error, refetch } = useGetSystemSettingsQuery();
  return (
    <SettingsEditor
      settings={isError ? undefined : data}
      loading={isLoading}
      loadingView={<SettingsLoading text="Loading the rota rules…" />}
      failedView={
        <Alert
          type="error"
          showIcon
          title="Failed to load the rota rules"
          description={getServerMessage(error) ?? 'Please try again.'}
          action={<Button onClick={() => void refetch()}>Try again</Button>}
        />
      }
      view={(settings, editButton) => (
        <Flex vertical gap="small" align="start">
          <Descriptions
            column={1}
            size="small"
            items={[
              { key: 'mix', label: MIX_LABEL, children: mixLabel(settings.mixMode) },
              {
                key: 'cap',
                label: CAP_LABEL,
                children:
                  settings.defaultWeeklyCap === null
                    ? 'No cap'
                    : `${settings.defaultWeeklyCap} ${settings.defaultWeeklyCap === 1 ? 'duty' : 'duties'} a week`,
              },
              {
                key: 'weekA',
                label: WEEK_A_LABEL,
                children: settings.weekAStart
                  ? formatDate(settings.weekAStart, DISPLAY_DATE_FORMAT)
                  : 'Not set',
              },
            ]}
          />
          {editButton}
        </Flex>
      )}
      form={(settings, done) => <RotaRulesForm saved={settings} onDone={done} />}
    />
  );
}

/** The edit mode: it starts from the saved rules each time, so Cancel restores them. */
function RotaRulesForm({ saved, onDone }: { saved: SystemSettingsDto; onDone: () => void }) {
  const [saveSettings, { isLoading: isSaving }] = useSaveSystemSettingsMutation();
  const toast = useToast();
  const capId = useId();
  const weekAId = useId();
  const mixId = useId();
  const [mixMode, setMixMode] = useState<MixMode>(saved.mixMode);
  const [cap, setCap] = useState<number | null>(saved.defaultWeeklyCap);
  const [weekA, setWeekA] = useState<Dayjs | null>(
    saved.weekAStart ? parseDate(saved.weekAStart) : null,
  );

  const save = async () => {
    if (!isValidCap(cap)) {
      toast({ variant: 'destructive', title: 'Invalid setting', description: CAP_RANGE_MESSAGE });
      return;
    }
    if (weekA && !isMonday(weekA)) {
      toast({
        variant: 'destructive',
        title: 'Invalid setting',
        description: WEEK_A_MONDAY_MESSAGE,
      });
      return;
    }
    try {
      const result = await saveSettings({
        updateSystemSettingsDto: {
          mixMode,
          defaultWeeklyCap: cap,
          weekAStart: weekA ? toIsoDate(weekA) : null,
        },
      }).unwrap();
      toast({
        title: 'Settings Updated',
        description: changeOutcome('Rota rules saved', result.rotaChange),
      });
      onDone();
    } catch (saveError) {
      toast({
        variant: 'destructive',
        description: getServerMessage(saveError) ?? 'Failed to update the rota rules',
      });
    }
  };

  return (
    <Form layout="vertical" onFinish={() => void save()} disabled={isSaving}>
      <Form.Item label={<span id={mixId}>{MIX_LABEL}</span>}>
        <Radio.Group
          aria-labelledby={mixId}
          value={mixMode}
          onChange={(event) => setMixMode(event.target.value as MixMode)}
        >
          <Flex vertical gap="small">
            {MIX_MODES.map((option) => (
              <Radio key={option.value} value={option.value}>
                <span>{option.label}</span>
                <br />
                <span className="ant-form-item-extra">{option.cost}</span>
              </Radio>
            ))}
          </Flex>
        </Radio.Group>
      </Form.Item>
      <Form.Item
        label={CAP_LABEL}
        htmlFor={capId}
        extra={`At most this many duties (${CAP_MIN}–${CAP_MAX}) in one Monday–Sunday week, for everyone without a cap of their own. Empty: no cap. Setting or lowering it takes the duties above it off the rota from today on.`}
      >
        {/* No min/max props: antd would clamp 6 to 5 on blur; an out-of-range number is refused
            with a message instead. The range is still announced. */}
        <InputNumber
          id={capId}
          value={cap}
          onChange={(value) => setCap(value)}
          step={1}
          aria-valuemin={CAP_MIN}
          aria-valuemax={CAP_MAX}
          style={{ width: 120 }}
        />
      </Form.Item>
      <Form.Item
        label={WEEK_A_LABEL}
        htmlFor={weekAId}
        extra="For two-week timetables: a Monday that begins a Week A. Weeks alternate A, B from it. Leave empty otherwise."
      >
        <DatePicker
          id={weekAId}
          value={weekA}
          onChange={(value) => setWeekA(value)}
          format={DATE_INPUT_FORMATS}
          disabledDate={(date) => !isMonday(date)}
          allowClear
          onKeyDown={confirmDateOnly}
        />
      </Form.Item>
      <SaveCancelButtons saving={isSaving} onCancel={onDone} />
    </Form>
  );
}
