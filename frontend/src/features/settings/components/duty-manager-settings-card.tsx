import { Alert, Button, Flex, Form, InputNumber, Typography } from 'antd';
import { useId, useState } from 'react';

import { getServerMessage } from '@/shared/api/errors';
import { changeOutcome } from '@/shared/lib/rota-change';
import { useToast } from '@/shared/ui/toast';

import {
  useGetSystemSettingsQuery,
  useSaveSystemSettingsMutation,
  type SystemSettingsUpdateResultDto,
} from '../api';

import { SaveCancelButtons, SettingsCard, SettingsEditor, SettingsLoading } from './settings-card';

const TITLE = 'Duty Manager Settings';
const FIELD_LABEL = 'Duty managers per day';
const MIN = 1;
const MAX = 5;
const RANGE_MESSAGE = `Duty managers per day must be between ${MIN} and ${MAX}`;

/** docs/product.md#duty-managers-per-day: empty becomes 1; anything else must be a whole number from 1 to 5. */
function toDutyManagersPerDay(draft: number | null): number | undefined {
  const value = draft ?? MIN;
  return Number.isInteger(value) && value >= MIN && value <= MAX ? value : undefined;
}

/**
 * Fewer duty managers per day takes the people in the dropped slots off the rota from today on;
 * the server says what that did (docs/product.md#the-rota-stays-true), in one toast.
 */
function savedDescription(result: SystemSettingsUpdateResultDto): string {
  return changeOutcome(
    `Duty managers per day set to ${result.dutyManagersPerDay}`,
    result.rotaChange,
  );
}

/**
 * docs/product.md#screens, Admin Panel: the Duty Manager Settings section. The card starts closed and reads the
 * settings only once opened (docs/product.md#screens); open, it
 * toggles between a view and an edit mode.
 */
export function DutyManagerSettingsCard() {
  return (
    <SettingsCard
      collapsible
      title={TITLE}
      description="How many duty managers are on duty each weekday: the number of slots every day of the rota has."
    >
      {() => <SettingsBody />}
    </SettingsCard>
  );
}

/** The open card: mounted only while open, so the query runs only then. */
function SettingsBody() {
  const { data, isLoading, isError, error, refetch } = useGetSystemSettingsQuery();

  return (
    <SettingsEditor
      // A failed refetch shows the failure, even over settings loaded before.
      settings={isError ? undefined : data}
      loading={isLoading}
      loadingView={<SettingsLoading text="Loading settings…" />}
      failedView={
        <Alert
          type="error"
          showIcon
          title="Failed to load Duty Manager settings"
          description={getServerMessage(error) ?? 'Please try again.'}
          action={<Button onClick={() => void refetch()}>Try again</Button>}
        />
      }
      view={(settings, editButton) => (
        <Flex justify="space-between" align="center" wrap gap="small">
          <Typography.Text>{`${FIELD_LABEL}: ${settings.dutyManagersPerDay}`}</Typography.Text>
          {editButton}
        </Flex>
      )}
      form={(settings, done) => <SettingsForm saved={settings.dutyManagersPerDay} onDone={done} />}
    />
  );
}

/** The edit mode: it starts from the saved number each time, so Cancel restores it. */
function SettingsForm({ saved, onDone }: { saved: number; onDone: () => void }) {
  const [saveSettings, { isLoading: isSaving }] = useSaveSystemSettingsMutation();
  const toast = useToast();
  const inputId = useId();
  const [draft, setDraft] = useState<number | null>(saved);

  const save = async () => {
    const dutyManagersPerDay = toDutyManagersPerDay(draft);
    if (dutyManagersPerDay === undefined) {
      toast({ variant: 'destructive', title: 'Invalid setting', description: RANGE_MESSAGE });
      return;
    }
    try {
      const result = await saveSettings({
        updateSystemSettingsDto: { dutyManagersPerDay },
      }).unwrap();
      toast({
        title: 'Settings Updated',
        description: savedDescription(result),
      });
      onDone();
    } catch (saveError) {
      toast({
        variant: 'destructive',
        description: getServerMessage(saveError) ?? 'Failed to update Duty Manager settings',
      });
    }
  };

  return (
    <Form layout="vertical" onFinish={() => void save()} disabled={isSaving}>
      <Form.Item
        label={FIELD_LABEL}
        htmlFor={inputId}
        extra={`A whole number from ${MIN} to ${MAX}. Lowering it removes the people in the dropped slots from every day from tomorrow on.`}
      >
        {/* No min/max props: antd would silently clamp 6 to 5 on blur, and the rule wants an
            out-of-range number refused with a message instead. The range is still announced. */}
        <InputNumber
          id={inputId}
          value={draft}
          onChange={(value) => setDraft(value)}
          step={1}
          aria-valuemin={MIN}
          aria-valuemax={MAX}
          autoFocus
          style={{ width: 120 }}
        />
      </Form.Item>
      <SaveCancelButtons saving={isSaving} onCancel={onDone} />
    </Form>
  );
}
