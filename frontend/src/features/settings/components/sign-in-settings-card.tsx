import { Card, Flex, Form, Input, Radio, Select, Switch, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';

import { getServerMessage } from '@/shared/api/errors';
import { LoadError } from '@/shared/ui/load-error';
import {
  reauthenticationOf,
  type ReauthenticationValues,
} from '@/shared/ui/reauthentication-fields';
import { useToast } from '@/shared/ui/toast';

import { ConfirmItsYouFields } from './confirm-its-you-fields';
import { latestSaved, OnOffTag, SavedSettingsList } from './saved-settings-list';
import { SaveCancelButtons, SettingsCard, SettingsEditor, SettingsLoading } from './settings-card';
import { TwoFactorRequirementCard } from './two-factor-requirement-card';

import {
  useGetSignInSettingsQuery,
  useSaveGoogleSignInMutation,
  useSaveMicrosoftSignInMutation,
  useSaveOidcSignInMutation,
  useSaveSignInOptionsMutation,
  type JoinRule,
  type SignInSettingsDto,
} from '../api';

const TITLE = 'Sign-in';

type ProviderKind = 'google' | 'microsoft' | 'oidc';

/** What the join rule's choices say. */
const JOIN_RULE_LABELS: Record<JoinRule, string> = {
  refuse: 'Refuse them',
  join_as_staff: 'Let them join as staff',
};

/** How each provider's card names it and explains its fields. */
const PROVIDERS: Record<
  ProviderKind,
  {
    title: string;
    description: string;
    clientIdHelp: string;
    listLabel?: string;
    listHelp?: string;
  }
> = {
  google: {
    title: 'Google',
    description:
      'Staff sign in with their school Google Workspace account. Only accounts of the allowed domains get in, whatever their email address says.',
    clientIdHelp:
      'From Google Cloud console, APIs & Services, Credentials: the OAuth client ID of a web application.',
    listLabel: 'Allowed domains',
    listHelp:
      'Your Google Workspace domains, e.g. stmarys.sch.uk. Type one and press Enter. Personal Gmail accounts never get in.',
  },
  microsoft: {
    title: 'Microsoft',
    description:
      'Staff sign in with their school Microsoft 365 account. Only accounts of the allowed directories (tenants) get in.',
    clientIdHelp:
      'From Microsoft Entra admin center, App registrations: the Application (client) ID.',
    listLabel: 'Allowed tenant IDs',
    listHelp:
      'The Directory (tenant) ID of your Microsoft 365 organisation, from Microsoft Entra admin center, Overview, e.g. 8eaef023-2b34-4da1-9baa-8bc8c9d6a490. Type one and press Enter.',
  },
  oidc: {
    title: 'Other provider',
    description:
      'Any other OpenID Connect identity provider your school uses. Anyone it vouches for with a verified email address may sign in.',
    clientIdHelp: 'The client ID the provider issued for Duty Manager.',
  },
};

/**
 * docs/product.md#signing-in-with-google-or-microsoft, Admin Panel: the Sign-in section. The
 * redirect URI to register, a card per identity provider (its client secret is write-only: the
 * card says only whether one is saved), and the organisation's sign-in options. Admins only.
 */
export function SignInSettingsCard() {
  return (
    <SettingsCard
      title={TITLE}
      collapsible
      description="How your people sign in: with their school Google or Microsoft account or another identity provider, whether newcomers may join, and whether passwords still work."
    >
      {() => <SignInBody />}
    </SettingsCard>
  );
}

function SignInBody() {
  const query = useGetSignInSettingsQuery();
  if (!query.data && !query.isError) {
    return <SettingsLoading label="Loading sign-in settings" text="Loading sign-in settings…" />;
  }
  if (!query.data) {
    return (
      <LoadError
        title="Failed to load sign-in settings"
        error={query.error}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const loaded = { settings: query.data, loadedAt: query.fulfilledTimeStamp };
  return (
    <Flex vertical gap="middle">
      <div>
        <Typography.Text>Redirect URI to register with each provider: </Typography.Text>
        <Typography.Text code copyable>
          {query.data.callbackUrl}
        </Typography.Text>
      </div>
      <GoogleCard {...loaded} />
      <MicrosoftCard {...loaded} />
      <OidcCard {...loaded} />
      <OptionsCard {...loaded} />
      <TwoFactorRequirementCard />
    </Flex>
  );
}

interface Loaded {
  settings: SignInSettingsDto;
  loadedAt: number | undefined;
}

/** The answer of a save, for the toast. */
function useSaved() {
  const toast = useToast();
  return async (save: () => Promise<unknown>, what: string, done: () => void) => {
    try {
      await save();
      toast({ title: 'Settings updated', description: `${what} saved` });
      done();
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Update failed',
        description: getServerMessage(error) ?? `Failed to save ${what.toLowerCase()}`,
      });
    }
  };
}

/** A list of domains or tenant ids as tags, or "None". */
function Tags({ values }: { values: string[] }) {
  if (!values.length) return <Typography.Text type="secondary">None</Typography.Text>;
  return (
    <Flex wrap gap={4} justify="end">
      {values.map((value) => (
        <Tag key={value} style={{ marginInlineEnd: 0 }}>
          {value}
        </Tag>
      ))}
    </Flex>
  );
}

function SecretState({ set }: { set: boolean }) {
  return set ? (
    <Tag color="green" style={{ marginInlineEnd: 0 }}>
      Saved
    </Tag>
  ) : (
    <Typography.Text type="secondary">Not set</Typography.Text>
  );
}

interface ProviderValues extends ReauthenticationValues {
  enabled: boolean;
  clientId: string;
  clientSecret: string;
  allowedDomains: string[];
  allowedTenantIds: string[];
  name: string;
  issuer: string;
}

interface ProviderCardProps {
  kind: ProviderKind;
  /** The provider's saved settings, as the view and form need them. */
  saved: Omit<ProviderValues, 'clientSecret' | keyof ReauthenticationValues> & {
    clientSecretSet: boolean;
  };
  saving: boolean;
  save: (values: ProviderValues) => Promise<unknown>;
}

function GoogleCard({ settings, loadedAt }: Loaded) {
  const [save, state] = useSaveGoogleSignInMutation();
  const current = latestSaved(settings, loadedAt, state).google;
  return (
    <ProviderCard
      kind="google"
      saved={{ ...current, allowedTenantIds: [], name: '', issuer: '' }}
      saving={state.isLoading}
      save={({ enabled, clientId, clientSecret, allowedDomains, ...reauth }) =>
        save({
          saveGoogleSignInDto: {
            enabled,
            clientId,
            clientSecret,
            allowedDomains,
            ...reauthenticationOf(reauth),
          },
        }).unwrap()
      }
    />
  );
}

function MicrosoftCard({ settings, loadedAt }: Loaded) {
  const [save, state] = useSaveMicrosoftSignInMutation();
  const current = latestSaved(settings, loadedAt, state).microsoft;
  return (
    <ProviderCard
      kind="microsoft"
      saved={{ ...current, allowedDomains: [], name: '', issuer: '' }}
      saving={state.isLoading}
      save={({ enabled, clientId, clientSecret, allowedTenantIds, ...reauth }) =>
        save({
          saveMicrosoftSignInDto: {
            enabled,
            clientId,
            clientSecret,
            allowedTenantIds,
            ...reauthenticationOf(reauth),
          },
        }).unwrap()
      }
    />
  );
}

function OidcCard({ settings, loadedAt }: Loaded) {
  const [save, state] = useSaveOidcSignInMutation();
  const current = latestSaved(settings, loadedAt, state).oidc;
  return (
    <ProviderCard
      kind="oidc"
      saved={{ ...current, allowedDomains: [], allowedTenantIds: [] }}
      saving={state.isLoading}
      save={({ enabled, clientId, clientSecret, name, issuer, ...reauth }) =>
        save({
          saveOidcSignInDto: {
            enabled,
            clientId,
            clientSecret,
            name,
            issuer,
            ...reauthenticationOf(reauth),
          },
        }).unwrap()
      }
    />
  );
}

/** One identity provider: what is saved, and its form behind Edit. */
function ProviderCard({ kind, saved, saving, save }: ProviderCardProps) {
  const about = PROVIDERS[kind];
  const title = kind === 'oidc' && saved.name ? `${about.title}: ${saved.name}` : about.title;
  const list = kind === 'google' ? saved.allowedDomains : saved.allowedTenantIds;
  return (
    <Card
      type="inner"
      size="small"
      title={<h3 style={{ margin: 0, fontSize: 'inherit' }}>{title}</h3>}
    >
      <Typography.Paragraph type="secondary">{about.description}</Typography.Paragraph>
      <SettingsEditor
        settings={saved}
        loading={false}
        loadingView={null}
        failedView={null}
        refocusEdit
        view={(current, editButton) => (
          <Flex vertical gap="middle">
            <SavedSettingsList
              label={`Saved ${about.title} sign-in settings`}
              rows={[
                { label: 'Sign-in', value: <OnOffTag on={current.enabled} /> },
                ...(kind === 'oidc'
                  ? [
                      { label: 'Name on the button', value: <Value text={current.name} /> },
                      { label: 'Issuer URL', value: <Value text={current.issuer} /> },
                    ]
                  : []),
                { label: 'Client ID', value: <Value text={current.clientId} /> },
                { label: 'Client secret', value: <SecretState set={current.clientSecretSet} /> },
                ...(about.listLabel
                  ? [{ label: about.listLabel, value: <Tags values={list} /> }]
                  : []),
              ]}
            />
            <div>{editButton}</div>
          </Flex>
        )}
        form={(current, done) => (
          <ProviderForm kind={kind} saved={current} saving={saving} save={save} onDone={done} />
        )}
      />
    </Card>
  );
}

function Value({ text }: { text: string }) {
  return text ? (
    <Typography.Text style={{ wordBreak: 'break-all', textAlign: 'end' }}>{text}</Typography.Text>
  ) : (
    <Typography.Text type="secondary">Not set</Typography.Text>
  );
}

function ProviderForm({
  kind,
  saved,
  saving,
  save,
  onDone,
}: ProviderCardProps & { onDone: () => void }) {
  const about = PROVIDERS[kind];
  const [form] = Form.useForm<ProviderValues>();
  const enabled = Form.useWatch('enabled', form) ?? saved.enabled;
  const saveWithToast = useSaved();
  const listName = kind === 'google' ? 'allowedDomains' : 'allowedTenantIds';
  const label = kind === 'oidc' ? 'the other provider' : about.title;

  return (
    <Form<ProviderValues>
      form={form}
      name={`sign-in-${kind}`}
      layout="vertical"
      disabled={saving}
      initialValues={{ ...saved, clientSecret: '' }}
      onFinish={(values) =>
        void saveWithToast(() => save(values), `${about.title} sign-in settings`, onDone)
      }
    >
      <Form.Item
        name="enabled"
        label={`Sign in with ${label}`}
        valuePropName="checked"
        extra={
          enabled
            ? `On: the sign-in page shows "Sign in with ${kind === 'oidc' ? 'the name below' : about.title}".`
            : 'Off: nobody signs in this way.'
        }
      >
        <Switch />
      </Form.Item>
      {kind === 'oidc' && (
        <>
          <Form.Item
            name="name"
            label="Name on the button"
            extra='Shown as "Sign in with <name>", e.g. Okta.'
          >
            <Input maxLength={40} style={{ maxWidth: 320 }} />
          </Form.Item>
          <Form.Item
            name="issuer"
            label="Issuer URL"
            extra="The provider's issuer, where its /.well-known/openid-configuration is found, e.g. https://login.example.org."
          >
            <Input inputMode="url" autoCapitalize="none" spellCheck={false} />
          </Form.Item>
        </>
      )}
      <Form.Item name="clientId" label="Client ID" extra={about.clientIdHelp}>
        <Input autoCapitalize="none" spellCheck={false} autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="clientSecret"
        label="Client secret"
        extra={
          saved.clientSecretSet
            ? 'A secret is saved. Leave this empty to keep it, or type a new one to replace it. It is never shown again.'
            : 'Kept on the server and never shown again.'
        }
      >
        <Input.Password
          autoComplete="new-password"
          placeholder={saved.clientSecretSet ? 'Saved' : undefined}
          style={{ maxWidth: 420 }}
        />
      </Form.Item>
      {about.listLabel && (
        <Form.Item name={listName} label={about.listLabel} extra={about.listHelp}>
          <Select mode="tags" tokenSeparators={[',', ' ', ';']} notFoundContent={null} />
        </Form.Item>
      )}
      <ConfirmItsYouFields />
      <SaveCancelButtons saving={saving} onCancel={onDone} />
    </Form>
  );
}

interface OptionsValues extends ReauthenticationValues {
  joinRule: JoinRule;
  passwordSignIn: boolean;
}

/** Who may join, and whether passwords still work. */
function OptionsCard({ settings, loadedAt }: Loaded) {
  const [save, state] = useSaveSignInOptionsMutation();
  const current = latestSaved(settings, loadedAt, state);
  const saveWithToast = useSaved();
  return (
    <Card
      type="inner"
      size="small"
      title={<h3 style={{ margin: 0, fontSize: 'inherit' }}>Sign-in options</h3>}
    >
      <SettingsEditor
        settings={{ joinRule: current.joinRule, passwordSignIn: current.passwordSignIn }}
        loading={false}
        loadingView={null}
        failedView={null}
        refocusEdit
        view={(options, editButton) => (
          <Flex vertical gap="middle">
            <SavedSettingsList
              label="Saved sign-in options"
              rows={[
                {
                  label: 'People without an account',
                  value: <Typography.Text>{JOIN_RULE_LABELS[options.joinRule]}</Typography.Text>,
                },
                { label: 'Password sign-in', value: <OnOffTag on={options.passwordSignIn} /> },
              ]}
            />
            <div>{editButton}</div>
          </Flex>
        )}
        form={(options, done) => (
          <Form<OptionsValues>
            name="sign-in-options"
            layout="vertical"
            disabled={state.isLoading}
            initialValues={options}
            onFinish={({ joinRule, passwordSignIn, ...reauth }) =>
              void saveWithToast(
                () =>
                  save({
                    saveSignInOptionsDto: {
                      joinRule,
                      passwordSignIn,
                      ...reauthenticationOf(reauth),
                    },
                  }).unwrap(),
                'Sign-in options',
                done,
              )
            }
          >
            <Form.Item
              name="joinRule"
              label="People without an account"
              extra="Someone Google, Microsoft or your other provider vouches for (an allowed domain or tenant) who has no account here. Joining gives them a staff account and a staff record; nobody ever joins as a manager or admin. Anyone already on your staff list gets their account either way."
            >
              <Radio.Group
                options={(Object.keys(JOIN_RULE_LABELS) as JoinRule[]).map((value) => ({
                  value,
                  label: JOIN_RULE_LABELS[value],
                }))}
              />
            </Form.Item>
            <PasswordSwitch />
            <ConfirmItsYouFields />
            <SaveCancelButtons saving={state.isLoading} onCancel={done} />
          </Form>
        )}
      />
    </Card>
  );
}

function PasswordSwitch(): ReactNode {
  const on = Form.useWatch<boolean | undefined>('passwordSignIn') ?? true;
  return (
    <Form.Item
      name="passwordSignIn"
      label="Password sign-in"
      valuePropName="checked"
      extra={
        on
          ? 'On: everyone may also sign in with a password.'
          : 'Off: staff and managers sign in only through a provider above. Admins can always use their password, so a broken provider can never lock you out.'
      }
    >
      <Switch />
    </Form.Item>
  );
}
