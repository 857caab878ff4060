import { Alert, Card, Flex, Form, Skeleton, Switch, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { useGetCurrentUserQuery } from '@/features/auth/api';
import { getServerMessage } from '@/shared/api/errors';
import { LoadError } from '@/shared/ui/load-error';
import {
  reauthenticationOf,
  type ReauthenticationValues,
  clearRefusedCredential,
} from '@/shared/ui/reauthentication-fields';
import { useToast } from '@/shared/ui/toast';

import {
  useGetTwoFactorRequirementQuery,
  useSaveTwoFactorRequirementMutation,
  type TwoFactorRequirementDto,
} from '../api';
import { ConfirmItsYouFields } from './confirm-its-you-fields';
import { latestSaved, OnOffTag, SavedSettingsList } from './saved-settings-list';
import { SaveCancelButtons, SettingsEditor } from './settings-card';

export const REQUIRE_LABEL = 'Require two-step verification for admins';
const REQUIRE_HELP =
  'Admins must enter a code from an authenticator app after their password. An admin who has not turned it on can only set it up until they have.';

/**
 * The Sign-in section's two-step verification card (docs/product.md#two-step-verification): the
 * requirement for admins, behind re-authentication.
 */
export function TwoFactorRequirementCard() {
  return (
    <Card
      type="inner"
      size="small"
      role="region"
      aria-labelledby="two-factor-requirement-title"
      title={
        <h3 id="two-factor-requirement-title" style={{ margin: 0, fontSize: 'inherit' }}>
          Two-step verification
        </h3>
      }
    >
      <TwoFactorRequirementSetting />
    </Card>
  );
}

/** "Require two-step verification for admins": its state, and its switch behind re-authentication. */
export function TwoFactorRequirementSetting() {
  const query = useGetTwoFactorRequirementQuery();
  const [save, saveState] = useSaveTwoFactorRequirementMutation();

  return (
    <SettingsEditor
      settings={query.data && latestSaved(query.data, query.fulfilledTimeStamp, saveState)}
      loading={query.isLoading}
      loadingView={
        <div role="status" aria-label="Loading the two-step verification requirement">
          <Skeleton active title={false} paragraph={{ rows: 1 }} />
        </div>
      }
      failedView={
        <LoadError
          title="Failed to load the two-step verification requirement"
          description="Please try refreshing the page or contact support if the issue persists."
          retryLabel="Try again"
          retrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      }
      view={(settings, editButton) => (
        <RequirementView settings={settings} editButton={editButton} />
      )}
      form={(settings, done) => (
        <RequirementForm
          settings={settings}
          saving={saveState.isLoading}
          save={(values) => save({ saveTwoFactorRequirementDto: values }).unwrap()}
          onDone={done}
        />
      )}
    />
  );
}

function RequirementView({
  settings,
  editButton,
}: {
  settings: TwoFactorRequirementDto;
  editButton: ReactNode;
}) {
  const waiting = settings.adminsWithoutTwoFactor;
  return (
    <Flex vertical gap="middle">
      <SavedSettingsList
        label="Saved sign-in settings"
        rows={[{ label: REQUIRE_LABEL, value: <OnOffTag on={settings.requireAdminTwoFactor} /> }]}
      />
      {settings.requireAdminTwoFactor && waiting > 0 && (
        <Typography.Text type="secondary">
          {waiting === 1 ? '1 admin has' : `${waiting} admins have`} not turned it on yet: until
          they do, they can only set it up.
        </Typography.Text>
      )}
      <div>{editButton}</div>
    </Flex>
  );
}

interface FormValues extends ReauthenticationValues {
  requireAdminTwoFactor: boolean;
}

function RequirementForm({
  settings,
  saving,
  save,
  onDone,
}: {
  settings: TwoFactorRequirementDto;
  saving: boolean;
  save: (values: FormValues) => Promise<TwoFactorRequirementDto>;
  onDone: () => void;
}) {
  const [form] = Form.useForm<FormValues>();
  const toast = useToast();
  const ownTwoFactor = useGetCurrentUserQuery().data?.user.twoFactorEnabled === true;
  const turningOn =
    Form.useWatch('requireAdminTwoFactor', form) === true && !settings.requireAdminTwoFactor;

  const submit = async (values: FormValues) => {
    try {
      await save({
        requireAdminTwoFactor: values.requireAdminTwoFactor,
        ...reauthenticationOf(values),
      });
      toast({ title: 'Settings updated', description: 'Sign-in settings saved' });
      onDone();
    } catch (error) {
      toast({
        variant: 'destructive',
        description: getServerMessage(error) ?? 'Failed to update settings',
      });
      clearRefusedCredential(form, error);
    }
  };

  return (
    <Form<FormValues>
      form={form}
      name="two-factor-requirement"
      layout="vertical"
      disabled={saving}
      initialValues={{
        requireAdminTwoFactor: settings.requireAdminTwoFactor,
      }}
      onFinish={(values) => void submit(values)}
    >
      <Form.Item
        name="requireAdminTwoFactor"
        label={REQUIRE_LABEL}
        extra={REQUIRE_HELP}
        valuePropName="checked"
      >
        <Switch />
      </Form.Item>
      {turningOn && !ownTwoFactor && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title="Turn on two-step verification for your own account first"
          description={
            <>
              So the requirement can't lock you out: <Link to="/account">Account security</Link>.
            </>
          }
        />
      )}
      <ConfirmItsYouFields />
      <SaveCancelButtons saving={saving} onCancel={onDone} />
    </Form>
  );
}
