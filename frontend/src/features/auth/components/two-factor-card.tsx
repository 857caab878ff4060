import { Alert, Button, Flex, Form, Input, QRCode, Skeleton, Space, Tag, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useDispatch } from 'react-redux';

import { getServerCode, getServerMessage } from '@/shared/api/errors';
import { LoadError } from '@/shared/ui/load-error';
import { SectionCard } from '@/shared/ui/section-card';
import { useToast } from '@/shared/ui/toast';

import {
  authApi,
  useDisableTwoFactorMutation,
  useEnableTwoFactorMutation,
  useGetTwoFactorStatusQuery,
  useRegenerateRecoveryCodesMutation,
  useStartTwoFactorSetupMutation,
  type TwoFactorSetupDto,
  type TwoFactorStatusDto,
} from '../api';
import { CODE_LABEL, codeRules, groupedKey, TWO_FACTOR_TITLE } from '../lib/two-factor';
import { useCurrentUser } from '../session/session';

import { OwnPasswordField } from './own-password-field';
import { RecoveryCodes } from './recovery-codes';
import { CodeOrRecoveryCodeField } from '@/shared/ui/code-or-recovery-code-field';

type Step =
  | { kind: 'status' }
  | { kind: 'password' }
  | { kind: 'scan'; setup: TwoFactorSetupDto }
  | { kind: 'codes'; codes: string[]; turnedOn: boolean }
  | { kind: 'turn-off' }
  | { kind: 'new-codes' };

/**
 * The Account page's Two-step verification card (docs/product.md#two-step-verification): whether
 * it is on; turning it on (password → QR code and setup key → first code → recovery codes, shown
 * once); turning it off and getting new recovery codes (password and a code).
 */
export function TwoFactorCard() {
  const [step, setStep] = useState<Step>({ kind: 'status' });
  const status = useGetTwoFactorStatusQuery();
  const current = useCurrentUser();
  const dispatch = useDispatch();
  const toast = useToast();
  const back = () => setStep({ kind: 'status' });

  let body: ReactNode;
  if (step.kind === 'password') {
    body = <StartSetup onStarted={(setup) => setStep({ kind: 'scan', setup })} onCancel={back} />;
  } else if (step.kind === 'scan') {
    body = (
      <ConfirmSetup
        setup={step.setup}
        onEnabled={(codes) => setStep({ kind: 'codes', codes, turnedOn: true })}
        onCancel={back}
      />
    );
  } else if (step.kind === 'codes') {
    body = (
      <RecoveryCodes
        codes={step.codes}
        account={{
          email: current?.user.email ?? '',
          organization: current?.organization.name ?? '',
        }}
        onDone={() => {
          if (step.turnedOn) {
            toast({
              title: 'Two-step verification is on',
              description: 'Signing in will ask for a code from your authenticator app.',
            });
          }
          // Only now: for an admin who had to turn it on, the refreshed user opens the app.
          dispatch(authApi.util.invalidateTags(['auth']));
          back();
        }}
      />
    );
  } else if (step.kind === 'turn-off') {
    body = <TurnOff onDone={back} />;
  } else if (step.kind === 'new-codes') {
    body = (
      <NewRecoveryCodes
        onCodes={(codes) => setStep({ kind: 'codes', codes, turnedOn: false })}
        onCancel={back}
      />
    );
  } else if (status.isLoading) {
    body = (
      <div role="status" aria-label="Loading two-step verification">
        <Skeleton active title={false} paragraph={{ rows: 2 }} />
      </div>
    );
  } else if (!status.data) {
    body = (
      <LoadError
        title="Failed to load two-step verification"
        description="Please try refreshing the page or contact support if the issue persists."
        retryLabel="Try again"
        retrying={status.isFetching}
        onRetry={() => void status.refetch()}
      />
    );
  } else {
    body = (
      <StatusView
        status={status.data}
        onTurnOn={() => setStep({ kind: 'password' })}
        onTurnOff={() => setStep({ kind: 'turn-off' })}
        onNewCodes={() => setStep({ kind: 'new-codes' })}
      />
    );
  }

  return <SectionCard title={TWO_FACTOR_TITLE}>{body}</SectionCard>;
}

function StatusView({
  status,
  onTurnOn,
  onTurnOff,
  onNewCodes,
}: {
  status: TwoFactorStatusDto;
  onTurnOn: () => void;
  onTurnOff: () => void;
  onNewCodes: () => void;
}) {
  if (!status.enabled) {
    return (
      <Flex vertical gap="middle" align="start">
        <Typography.Text>
          <Tag>Off</Tag> Signing in asks for your password only.
        </Typography.Text>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          Turn it on to also be asked for a code from an authenticator app on your phone (such as
          Google Authenticator, Microsoft Authenticator or 1Password), so a stolen password alone
          can't open your account.
        </Typography.Paragraph>
        <Button type="primary" onClick={onTurnOn}>
          Turn on two-step verification
        </Button>
      </Flex>
    );
  }
  return (
    <Flex vertical gap="middle" align="start">
      <Typography.Text>
        <Tag color="green">On</Tag> Signing in asks for a code from your authenticator app after
        your password.
      </Typography.Text>
      <Typography.Text>Recovery codes left: {status.recoveryCodesLeft}</Typography.Text>
      {status.recoveryCodesLeft <= 2 && (
        <Alert
          type="warning"
          showIcon
          title="You are running out of recovery codes"
          description="Get new ones, so you can still sign in if you lose your phone."
        />
      )}
      <Space wrap>
        <Button onClick={onNewCodes}>Get new recovery codes</Button>
        <Button danger onClick={onTurnOff}>
          Turn off
        </Button>
      </Space>
    </Flex>
  );
}

/** Step 1: the password again, before a new secret is made. */
function StartSetup({
  onStarted,
  onCancel,
}: {
  onStarted: (setup: TwoFactorSetupDto) => void;
  onCancel: () => void;
}) {
  const [form] = Form.useForm<{ password?: string; providerProof?: string }>();
  const [start, { isLoading }] = useStartTwoFactorSetupMutation();
  const toast = useToast();

  const submit = async ({
    password,
    providerProof,
  }: {
    password?: string;
    providerProof?: string;
  }) => {
    try {
      onStarted(await start({ startTwoFactorSetupDto: { password, providerProof } }).unwrap());
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Error',
        description: getServerMessage(error) ?? 'Failed to start the setup',
      });
      form.setFieldsValue({ password: '', providerProof: undefined });
    }
  };

  return (
    <Form
      form={form}
      name="two-factor-password"
      layout="vertical"
      disabled={isLoading}
      onFinish={(v) => void submit(v)}
    >
      <Typography.Paragraph>First, confirm it's you.</Typography.Paragraph>
      <OwnPasswordField />
      <Space>
        <Button type="primary" htmlType="submit" loading={isLoading}>
          Continue
        </Button>
        <Button onClick={onCancel} disabled={isLoading}>
          Cancel
        </Button>
      </Space>
    </Form>
  );
}

/** Step 2: the QR code and the setup key, then the first code from the app. */
function ConfirmSetup({
  setup,
  onEnabled,
  onCancel,
}: {
  setup: TwoFactorSetupDto;
  onEnabled: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const [form] = Form.useForm<{ code: string }>();
  const [enable, { isLoading }] = useEnableTwoFactorMutation();
  const toast = useToast();

  const submit = async ({ code }: { code: string }) => {
    try {
      const { recoveryCodes } = await enable({
        enableTwoFactorDto: { code: code.trim() },
      }).unwrap();
      onEnabled(recoveryCodes);
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Error',
        description: getServerMessage(error) ?? 'Failed to turn on two-step verification',
      });
      if (getServerCode(error) === 'two_factor_setup_expired') onCancel();
      else form.setFieldValue('code', '');
    }
  };

  return (
    <Flex vertical gap="middle">
      <Typography.Paragraph style={{ margin: 0 }}>
        1. Scan this QR code with an authenticator app on your phone (such as Google Authenticator,
        Microsoft Authenticator or 1Password).
      </Typography.Paragraph>
      <QRCode
        value={setup.otpauthUri}
        type="svg"
        size={180}
        bgColor="#ffffff"
        aria-label="QR code for your authenticator app"
      />
      <Typography.Paragraph style={{ margin: 0 }}>
        Can't scan it? Enter this setup key in the app instead:{' '}
        <Typography.Text code copyable={{ text: setup.secret }}>
          {groupedKey(setup.secret)}
        </Typography.Text>
      </Typography.Paragraph>
      <Form
        form={form}
        name="two-factor-enable"
        layout="vertical"
        disabled={isLoading}
        onFinish={(v) => void submit(v)}
      >
        <Form.Item
          label={CODE_LABEL}
          name="code"
          extra="2. Enter the 6-digit code the app shows now."
          rules={codeRules}
          validateFirst
        >
          <Input
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={7}
            style={{ maxWidth: 200 }}
          />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={isLoading}>
            Turn on
          </Button>
          <Button onClick={onCancel} disabled={isLoading}>
            Cancel
          </Button>
        </Space>
      </Form>
    </Flex>
  );
}

interface ReauthValues {
  password?: string;
  providerProof?: string;
  code: string;
}

/** The password and a code (or a recovery code): what turning it off and new codes ask for. */
function ReauthForm({
  name,
  intro,
  submitLabel,
  danger = false,
  saving,
  onSubmit,
  onCancel,
}: {
  name: string;
  intro: ReactNode;
  submitLabel: string;
  danger?: boolean;
  saving: boolean;
  onSubmit: (values: ReauthValues) => Promise<void>;
  onCancel: () => void;
}) {
  const [form] = Form.useForm<ReauthValues>();
  const toast = useToast();

  const submit = async (values: ReauthValues) => {
    try {
      await onSubmit({
        password: values.password,
        providerProof: values.providerProof,
        code: values.code.trim(),
      });
    } catch (error) {
      const code = getServerCode(error);
      toast({
        variant: 'destructive',
        title: 'Error',
        description: getServerMessage(error) ?? 'Something went wrong',
      });
      if (code === 'password_incorrect') form.setFieldValue('password', '');
      if (code === 'provider_proof_invalid') form.setFieldValue('providerProof', undefined);
      if (code === 'two_factor_code_incorrect') form.setFieldValue('code', '');
    }
  };

  return (
    <Form
      form={form}
      name={name}
      layout="vertical"
      disabled={saving}
      onFinish={(v) => void submit(v)}
    >
      <Typography.Paragraph>{intro}</Typography.Paragraph>
      <OwnPasswordField />
      <CodeOrRecoveryCodeField />
      <Space>
        <Button type="primary" danger={danger} htmlType="submit" loading={saving}>
          {submitLabel}
        </Button>
        <Button onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
      </Space>
    </Form>
  );
}

function TurnOff({ onDone }: { onDone: () => void }) {
  const [disable, { isLoading }] = useDisableTwoFactorMutation();
  const toast = useToast();
  return (
    <ReauthForm
      name="two-factor-disable"
      intro="Signing in will ask for your password only. If your organisation requires two-step verification for admins, an admin will have to set it up again at once."
      submitLabel="Turn off"
      danger
      saving={isLoading}
      onSubmit={async (reauth) => {
        await disable({ reauthenticationDto: reauth }).unwrap();
        toast({
          title: 'Two-step verification is off',
          description: 'Signing in will ask for your password only.',
        });
        onDone();
      }}
      onCancel={onDone}
    />
  );
}

function NewRecoveryCodes({
  onCodes,
  onCancel,
}: {
  onCodes: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const [regenerate, { isLoading }] = useRegenerateRecoveryCodesMutation();
  return (
    <ReauthForm
      name="two-factor-new-codes"
      intro="Ten new recovery codes replace your old ones, which stop working."
      submitLabel="Get new codes"
      saving={isLoading}
      onSubmit={async (reauth) => {
        const { recoveryCodes } = await regenerate({ reauthenticationDto: reauth }).unwrap();
        onCodes(recoveryCodes);
      }}
      onCancel={onCancel}
    />
  );
}
