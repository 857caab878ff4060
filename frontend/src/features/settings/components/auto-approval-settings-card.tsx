import { Flex, Form, Input, Skeleton, Switch, type InputRef } from 'antd';
import { useRef, type ReactNode } from 'react';

import { useGetCurrentUserQuery } from '@/features/auth/api';
import { getServerCode, getServerMessage } from '@/shared/api/errors';
import { LoadError } from '@/shared/ui/load-error';
import { OneTimeCodeInput } from '@/shared/ui/one-time-code-input';
import { useToast } from '@/shared/ui/toast';

import { latestSaved, OnOffTag, SavedSettingsList } from './saved-settings-list';
import { SaveCancelButtons, SettingsCard, SettingsEditor } from './settings-card';

import {
  useGetAutoApprovalSettingsQuery,
  useSaveAutoApprovalSettingsMutation,
  type AutoApprovalSettingsDto,
} from '../api';

const TITLE = 'Auto-Approval Settings';
const PASSWORD_LABEL = 'Admin password';
/** docs/product.md#texts-on-screen: saving without the admin password. */
const PASSWORD_REQUIRED_TITLE = 'Admin Password Required';
const PASSWORD_REQUIRED_MESSAGE = 'Please enter the admin password to save settings.';

type SettingName = keyof AutoApprovalSettingsDto;

/** The three switches, in the order they are shown, each with what it does. */
const AUTO_APPROVAL_SETTINGS: { name: SettingName; label: string; help: string }[] = [
  {
    name: 'swaps',
    label: 'Auto-approve swap requests',
    help: 'A new cover or trade request is approved at once, without waiting for a review.',
  },
  {
    name: 'cancellations',
    label: 'Auto-approve cancel requests',
    help: 'A new cancel request is approved at once and the person is taken off that day.',
  },
  {
    name: 'autoFillCancellations',
    label: 'Auto-fill cancelled duties',
    help: 'A freed slot goes at once to the eligible person with the fewest duties this year.',
  },
];

interface EditValues extends AutoApprovalSettingsDto {
  adminPassword: string;
  /** Asked for too when the admin has two-step verification on. */
  twoFactorCode?: string;
}

/**
 * docs/product.md#auto-approval, Admin Panel: the Auto-Approval Settings section. It shows the stored switches and
 * toggles into an edit mode; saving needs the signed-in admin's own password (docs/product.md#auto-approval).
 */
export function AutoApprovalSettingsCard() {
  return (
    <SettingsCard
      title={TITLE}
      description="Which requests take effect without waiting for an admin or manager to approve them."
    >
      {() => <SettingsBody />}
    </SettingsCard>
  );
}

function SettingsBody() {
  // docs/product.md#talking-to-the-server: this GET is retried 3 times, 1 second apart (set up in the settings api).
  const query = useGetAutoApprovalSettingsQuery();
  const [saveSettings, saveState] = useSaveAutoApprovalSettingsMutation();

  return (
    <SettingsEditor
      settings={query.data && latestSaved(query.data, query.fulfilledTimeStamp, saveState)}
      loading={query.isLoading}
      loadingView={
        <div role="status" aria-label="Loading auto-approval settings">
          <Skeleton active title={false} paragraph={{ rows: 3 }} />
        </div>
      }
      failedView={
        <LoadError
          title="Failed to load auto-approval settings"
          description="Please try refreshing the page or contact support if the issue persists."
          retryLabel="Try again"
          retrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      }
      view={(settings, editButton) => <SettingsView settings={settings} editButton={editButton} />}
      form={(settings, done) => (
        <SettingsForm
          settings={settings}
          saving={saveState.isLoading}
          save={(dto) => saveSettings({ saveAutoApprovalSettingsDto: dto }).unwrap()}
          onDone={done}
        />
      )}
    />
  );
}

function SettingsView({
  settings,
  editButton,
}: {
  settings: AutoApprovalSettingsDto;
  editButton: ReactNode;
}) {
  return (
    <Flex vertical gap="middle">
      <SavedSettingsList
        label="Saved auto-approval settings"
        rows={AUTO_APPROVAL_SETTINGS.map(({ name, label }) => ({
          label,
          value: <OnOffTag on={settings[name]} />,
        }))}
      />
      <div>{editButton}</div>
    </Flex>
  );
}

interface SettingsFormProps {
  settings: AutoApprovalSettingsDto;
  saving: boolean;
  save: (dto: EditValues) => Promise<AutoApprovalSettingsDto>;
  onDone: () => void;
}

/** The edit mode: mounted only while editing, so leaving it drops the draft and the password. */
function SettingsForm({ settings, saving, save, onDone }: SettingsFormProps) {
  const [form] = Form.useForm<EditValues>();
  const passwordRef = useRef<InputRef>(null);
  const codeRef = useRef<InputRef>(null);
  const toast = useToast();
  const askCode = useGetCurrentUserQuery().data?.user.twoFactorEnabled === true;

  const submit = async (values: EditValues) => {
    if (!values.adminPassword) {
      toast({
        variant: 'destructive',
        title: PASSWORD_REQUIRED_TITLE,
        description: PASSWORD_REQUIRED_MESSAGE,
      });
      passwordRef.current?.focus();
      return;
    }
    try {
      await save({
        adminPassword: values.adminPassword,
        twoFactorCode: values.twoFactorCode?.trim() || undefined,
        swaps: values.swaps,
        cancellations: values.cancellations,
        autoFillCancellations: values.autoFillCancellations,
      });
      toast({ title: 'Settings updated', description: 'Auto-approval settings saved' });
      onDone();
    } catch (error) {
      const code = getServerCode(error);
      toast({
        variant: 'destructive',
        title: code === 'admin_password_required' ? PASSWORD_REQUIRED_TITLE : undefined,
        description: getServerMessage(error) ?? 'Failed to update settings',
      });
      if (code === 'admin_password_incorrect') {
        form.setFieldValue('adminPassword', '');
        passwordRef.current?.focus();
      }
      if (code === 'two_factor_code_required' || code === 'two_factor_code_incorrect') {
        form.setFieldValue('twoFactorCode', '');
        codeRef.current?.focus();
      }
    }
  };

  return (
    <Form<EditValues>
      form={form}
      name="auto-approval"
      layout="vertical"
      disabled={saving}
      initialValues={{ ...settings, adminPassword: '' }}
      onFinish={(values) => void submit(values)}
    >
      {AUTO_APPROVAL_SETTINGS.map(({ name, label, help }) => (
        <Form.Item key={name} name={name} label={label} extra={help} valuePropName="checked">
          <Switch />
        </Form.Item>
      ))}
      <Form.Item
        label={PASSWORD_LABEL}
        name="adminPassword"
        extra="Your own password — the one you sign in with."
      >
        <Input.Password
          ref={passwordRef}
          autoComplete="current-password"
          style={{ maxWidth: 320 }}
        />
      </Form.Item>
      {askCode && (
        <Form.Item
          label="Authentication code"
          name="twoFactorCode"
          extra="The code your authenticator app shows now, or one of your recovery codes."
        >
          <OneTimeCodeInput ref={codeRef} style={{ maxWidth: 200 }} />
        </Form.Item>
      )}
      <SaveCancelButtons saving={saving} onCancel={onDone} />
    </Form>
  );
}
