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
const REPAIR_LABEL = 'After a change of facts';
const FROZEN_LABEL = 'School days left alone';
const FROZEN_MIN = 0;
const FROZEN_MAX = 20;
const FROZEN_RANGE_MESSAGE = `School days left alone must be a whole number from ${FROZEN_MIN} to ${FROZEN_MAX}`;

/**
 * docs/product.md#the-rota-stays-true: what a repair does after a change of facts besides taking
 * off what breaks a hard rule and filling the gaps it opens.
 */
export const REPAIR_MODES: readonly { value: boolean; label: string; detail: string }[] = [
  {
    value: true,
    label: 'Keep the rota fair (recommended)',
    detail:
      'Fills the gaps a change opens, then moves the fewest duties needed to bring everyone back within one duty of their fair share.',
  },
  {
    value: false,
    label: 'Only fill gaps',
    detail:
      'Fills the gaps a change opens and moves nobody else; the Dashboard says when people drift from their fair share.',
  },
];

/** The frozen school days: a whole number from 0 to 20. */
function isValidFrozen(days: number | null): days is number {
  return days !== null && Number.isInteger(days) && days >= FROZEN_MIN && days <= FROZEN_MAX;
}

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
 * weekly cap, the Monday Week A starts on, and what a repair does after a change of facts
 * (docs/product.md#the-rota-stays-true). Admins change them; a lower cap or a moved Week A can take
 * duties off the rota, which the save's one toast then says.
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
              {
                key: 'repair',
                label: REPAIR_LABEL,
                children: settings.keepFairness ? 'Keep the rota fair' : 'Only fill gaps',
              },
              {
                key: 'frozen',
                label: FROZEN_LABEL,
                children:
                  settings.frozenSchoolDays === 0
                    ? 'None'
                    : `The next ${settings.frozenSchoolDays} ${settings.frozenSchoolDays === 1 ? 'school day' : 'school days'}`,
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
  const repairId = useId();
  const frozenId = useId();
  const [keepFairness, setKeepFairness] = useState(saved.keepFairness);
  const [frozen, setFrozen] = useState<number | null>(saved.frozenSchoolDays);
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
    if (!isValidFrozen(frozen)) {
      toast({
        variant: 'destructive',
        title: 'Invalid setting',
        description: FROZEN_RANGE_MESSAGE,
      });
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
          // What a repair does: sent when changed.
          ...(keepFairness !== saved.keepFairness && { keepFairness }),
          ...(frozen !== saved.frozenSchoolDays && { frozenSchoolDays: frozen }),
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
      <Form.Item label={<span id={repairId}>{REPAIR_LABEL}</span>}>
        <Radio.Group
          aria-labelledby={repairId}
          // Its own name: two groups without one share antd's default and uncheck each other.
          name="keepFairness"
          value={keepFairness}
          onChange={(event) => setKeepFairness(event.target.value as boolean)}
        >
          <Flex vertical gap="small">
            {REPAIR_MODES.map((option) => (
              <Radio key={String(option.value)} value={option.value}>
                <span>{option.label}</span>
                <br />
                <span className="ant-form-item-extra">{option.detail}</span>
              </Radio>
            ))}
          </Flex>
        </Radio.Group>
      </Form.Item>
      <Form.Item
        label={FROZEN_LABEL}
        htmlFor={frozenId}
        extra={`A repair moves nobody on this many school days after today (${FROZEN_MIN}–${FROZEN_MAX}), unless a hard rule forces it; their gaps are still filled.`}
      >
        <InputNumber
          id={frozenId}
          value={frozen}
          onChange={(value) => setFrozen(value)}
          step={1}
          aria-valuemin={FROZEN_MIN}
          aria-valuemax={FROZEN_MAX}
          style={{ width: 120 }}
        />
      </Form.Item>
      <SaveCancelButtons saving={isSaving} onCancel={onDone} />
    </Form>
  );
}
