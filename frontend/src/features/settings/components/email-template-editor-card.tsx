import {
  Alert,
  Button,
  Descriptions,
  Flex,
  Form,
  Input,
  Space,
  Spin,
  Tag,
  theme,
  Typography,
  type DescriptionsProps,
} from 'antd';
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';

import { getServerMessage } from '@/shared/api/errors';
import { formatDate, LONG_DATE_FORMAT } from '@/shared/lib/dates';
import { isBlank } from '@/shared/lib/text';
import { LoadError } from '@/shared/ui/load-error';
import { useToast } from '@/shared/ui/toast';

import {
  useGetEmailTemplateQuery,
  usePreviewEmailTemplateMutation,
  useSaveEmailTemplateMutation,
  type EmailPreviewDto,
  type EmailTemplateDto,
  type EmailTemplateResultDto,
} from '../api';

import { latestSaved } from './saved-settings-list';
import { SaveCancelButtons, SettingsCard, SettingsEditor, SettingsLoading } from './settings-card';
import { TextListEditor } from './text-list-editor';

const TITLE = 'Email Template Editor';
/** How long typing must pause before the live preview is refreshed. */
const PREVIEW_DELAY_MS = 400;
/** The server's limits (EmailTemplateDto). */
const SUBJECT_MAX = 200;
const GREETING_MAX = 1000;
const MAIN_MESSAGE_MAX = 5000;
const FOOTER_MAX = 2000;
const SIGNATURE_MAX = 500;
const LIST_MAX_ITEMS = 20;
const LIST_ITEM_MAX = 500;

/** The template as sent to the server, with its fields always in the same order. */
function toDto(values: Partial<EmailTemplateDto>): EmailTemplateDto {
  return {
    subject: values.subject ?? '',
    greeting: values.greeting ?? '',
    mainMessage: values.mainMessage ?? '',
    keyReminders: (values.keyReminders ?? []).map((item) => item ?? ''),
    emergencyContacts: (values.emergencyContacts ?? []).map((item) => item ?? ''),
    footerMessage: values.footerMessage ?? '',
    signature: values.signature ?? '',
  };
}

/**
 * docs/product.md#reminders, Admin Panel: the Email Template Editor section, for the reminder email. The card
 * starts closed and reads the template only once opened; open, it shows the saved template with
 * a preview and toggles into an edit mode with a live preview of the draft.
 */
export function EmailTemplateEditorCard() {
  return (
    <SettingsCard
      collapsible
      title={TITLE}
      description="The wording of the reminder email each duty manager receives before a duty."
    >
      {() => <TemplateBody />}
    </SettingsCard>
  );
}

interface PreviewResult {
  data?: EmailPreviewDto;
  error?: unknown;
}

interface TemplatePreviewState extends PreviewResult {
  loading: boolean;
  /** Renders `dto`, unless the preview shown (or on its way) is already for it. */
  request: (dto: EmailTemplateDto) => void;
  /** Asks again for the last template, after a failure. */
  retry: () => void;
}

/**
 * The preview of a template, rendered by the server. Only the latest request's answer is shown,
 * and the previous preview stays on screen while a new one is on its way (no flicker while
 * typing). Asking again for the template already shown sends nothing.
 */
function useTemplatePreview(): TemplatePreviewState {
  const [runPreview, { isLoading }] = usePreviewEmailTemplateMutation();
  const [result, setResult] = useState<PreviewResult>({});
  const latestKey = useRef<string | null>(null);
  const latestDto = useRef<EmailTemplateDto | null>(null);
  const sequence = useRef(0);

  const send = useCallback(
    (dto: EmailTemplateDto) => {
      latestKey.current = JSON.stringify(dto);
      latestDto.current = dto;
      sequence.current += 1;
      const id = sequence.current;
      runPreview({ emailTemplateDto: dto })
        .unwrap()
        .then(
          (data) => {
            if (id === sequence.current) setResult({ data });
          },
          (error: unknown) => {
            if (id !== sequence.current) return;
            // A failed preview may be asked for again.
            latestKey.current = null;
            setResult({ error });
          },
        );
    },
    [runPreview],
  );

  const request = useCallback(
    (dto: EmailTemplateDto) => {
      if (JSON.stringify(dto) !== latestKey.current) send(dto);
    },
    [send],
  );

  const retry = useCallback(() => {
    if (latestDto.current) send(latestDto.current);
  }, [send]);

  return { ...result, loading: isLoading, request, retry };
}

/** The open card: mounted only while open, so the query runs only then. */
function TemplateBody() {
  const query = useGetEmailTemplateQuery();
  const [saveTemplate, saveState] = useSaveEmailTemplateMutation();
  const preview = useTemplatePreview();

  return (
    <SettingsEditor
      // The template as the server stored it (HTML sanitised), until the refetch the save
      // triggers has come back.
      settings={query.data && latestSaved(query.data, query.fulfilledTimeStamp, saveState)}
      loading={query.isLoading}
      loadingView={<SettingsLoading text="Loading email template…" />}
      failedView={
        <LoadError
          title="Failed to load email template"
          error={query.error}
          retrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      }
      refocusEdit
      view={(template, editButton) => (
        <TemplateView template={template} preview={preview} editButton={editButton} />
      )}
      form={(template, done) => (
        <TemplateForm
          template={template}
          preview={preview}
          saving={saveState.isLoading}
          save={(dto) => saveTemplate({ emailTemplateDto: dto }).unwrap()}
          onDone={done}
        />
      )}
    />
  );
}

/** A saved text as written, or a note that it is empty. */
function savedText(value: string): ReactNode {
  return isBlank(value) ? (
    <Typography.Text type="secondary">None</Typography.Text>
  ) : (
    <span style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{value}</span>
  );
}

function savedList(items: string[], label: string): ReactNode {
  if (items.length === 0) return <Typography.Text type="secondary">None</Typography.Text>;
  return (
    <ul aria-label={label} style={{ margin: 0, paddingInlineStart: 20 }}>
      {items.map((item, index) => (
        <li key={index} style={{ overflowWrap: 'anywhere' }}>
          {item}
        </li>
      ))}
    </ul>
  );
}

interface TemplateViewProps {
  template: EmailTemplateResultDto;
  preview: TemplatePreviewState;
  editButton: ReactNode;
}

/** The view mode: the saved template, field by field, and its preview. */
function TemplateView({ template, preview, editButton }: TemplateViewProps) {
  const { request } = preview;
  useEffect(() => {
    request(toDto(template));
  }, [template, request]);

  const items: DescriptionsProps['items'] = [
    { key: 'subject', label: 'Subject', children: savedText(template.subject) },
    { key: 'greeting', label: 'Greeting', children: savedText(template.greeting) },
    { key: 'mainMessage', label: 'Main message', children: savedText(template.mainMessage) },
    {
      key: 'keyReminders',
      label: 'Key reminders',
      children: savedList(template.keyReminders, 'Key reminders'),
    },
    {
      key: 'emergencyContacts',
      label: 'Emergency contacts',
      children: savedList(template.emergencyContacts, 'Emergency contacts'),
    },
    { key: 'footerMessage', label: 'Footer message', children: savedText(template.footerMessage) },
    { key: 'signature', label: 'Signature', children: savedText(template.signature) },
  ];

  return (
    <Flex vertical gap="middle">
      <Flex justify="space-between" align="center" wrap gap="small">
        {template.isDefault ? (
          <Space wrap>
            <Tag color="blue" style={{ marginInlineEnd: 0 }}>
              Built-in template
            </Tag>
            <Typography.Text type="secondary">
              Nothing has been saved yet, so reminders use the built-in wording.
            </Typography.Text>
          </Space>
        ) : (
          <span />
        )}
        {editButton}
      </Flex>
      <Descriptions
        bordered
        size="small"
        column={1}
        items={items}
        styles={{ label: { width: 180 } }}
      />
      <TemplatePreview heading="Preview" preview={preview} />
    </Flex>
  );
}

interface TemplateFormProps {
  template: EmailTemplateDto;
  preview: TemplatePreviewState;
  saving: boolean;
  save: (dto: EmailTemplateDto) => Promise<EmailTemplateResultDto>;
  onDone: () => void;
}

/** The edit mode: mounted only while editing, so leaving it drops the draft. */
function TemplateForm({ template, preview, saving, save, onDone }: TemplateFormProps) {
  const [form] = Form.useForm<EmailTemplateDto>();
  const toast = useToast();
  const { token } = theme.useToken();
  const helpId = useId();
  // Undefined until the form has its values; a new object whenever a value changes.
  const draft = Form.useWatch([], form) as EmailTemplateDto | undefined;
  const { request } = preview;

  useEffect(() => {
    if (!draft) return;
    const timer = setTimeout(() => request(toDto(draft)), PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft, request]);

  const submit = async (values: EmailTemplateDto) => {
    try {
      await save(toDto(values));
      toast({ title: 'Template saved', description: 'Email template updated successfully' });
      onDone();
    } catch (error) {
      toast({
        variant: 'destructive',
        description: getServerMessage(error) ?? 'Failed to update email template',
      });
    }
  };

  return (
    <Flex vertical gap="middle">
      <Form<EmailTemplateDto>
        form={form}
        name="email-template"
        layout="vertical"
        aria-label="Edit email template"
        aria-describedby={helpId}
        disabled={saving}
        initialValues={toDto(template)}
        onFinish={(values) => void submit(values)}
      >
        <div
          id={helpId}
          style={{
            marginBottom: 16,
            padding: '8px 12px',
            background: token.colorFillAlter,
            border: `1px solid ${token.colorBorderSecondary}`,
            borderRadius: token.borderRadius,
          }}
        >
          <Typography.Paragraph style={{ marginBottom: 4 }}>
            In each email, <Typography.Text code>{'{date}'}</Typography.Text> is replaced with the
            duty date and <Typography.Text code>{'{staffName}'}</Typography.Text> with the
            person&apos;s name.
          </Typography.Paragraph>
          <Typography.Paragraph style={{ marginBottom: 0 }}>
            Simple HTML such as <Typography.Text code>{'<strong>'}</Typography.Text>,{' '}
            <Typography.Text code>{'<em>'}</Typography.Text>,{' '}
            <Typography.Text code>{'<u>'}</Typography.Text>,{' '}
            <Typography.Text code>{'<br>'}</Typography.Text>,{' '}
            <Typography.Text code>{'<p>'}</Typography.Text>, lists and https links is allowed;
            anything else is removed.
          </Typography.Paragraph>
        </div>
        <Form.Item
          label="Subject"
          name="subject"
          rules={[
            { required: true, whitespace: true, message: 'Please enter a subject' },
            { max: SUBJECT_MAX, message: `The subject must be at most ${SUBJECT_MAX} characters` },
          ]}
        >
          <Input autoFocus />
        </Form.Item>
        <Form.Item
          label="Greeting"
          name="greeting"
          rules={[
            {
              max: GREETING_MAX,
              message: `The greeting must be at most ${GREETING_MAX} characters`,
            },
          ]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          label="Main message"
          name="mainMessage"
          rules={[
            { required: true, whitespace: true, message: 'Please enter the main message' },
            {
              max: MAIN_MESSAGE_MAX,
              message: `The main message must be at most ${MAIN_MESSAGE_MAX} characters`,
            },
          ]}
        >
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 12 }} />
        </Form.Item>
        <TextListEditor
          name="keyReminders"
          label="Key reminders"
          itemLabel="Key reminder"
          maxItems={LIST_MAX_ITEMS}
          maxLength={LIST_ITEM_MAX}
          help="Shown as a bulleted list."
        />
        <TextListEditor
          name="emergencyContacts"
          label="Emergency contacts"
          itemLabel="Emergency contact"
          maxItems={LIST_MAX_ITEMS}
          maxLength={LIST_ITEM_MAX}
          help="Shown as a bulleted list."
        />
        <Form.Item
          label="Footer message"
          name="footerMessage"
          rules={[
            {
              max: FOOTER_MAX,
              message: `The footer message must be at most ${FOOTER_MAX} characters`,
            },
          ]}
        >
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} />
        </Form.Item>
        <Form.Item
          label="Signature"
          name="signature"
          rules={[
            {
              max: SIGNATURE_MAX,
              message: `The signature must be at most ${SIGNATURE_MAX} characters`,
            },
          ]}
        >
          <Input />
        </Form.Item>
        <SaveCancelButtons saving={saving} onCancel={onDone} />
      </Form>
      <TemplatePreview heading="Live preview" preview={preview} />
    </Flex>
  );
}

interface TemplatePreviewProps {
  heading: string;
  preview: TemplatePreviewState;
}

/** The rendered email: its subject, the sample it was rendered for, and the body in a frame. */
function TemplatePreview({ heading, preview }: TemplatePreviewProps) {
  const { token } = theme.useToken();
  const headingId = useId();
  const { data, error, loading, retry } = preview;

  return (
    <section aria-labelledby={headingId} aria-busy={loading}>
      <Typography.Title level={3} id={headingId} style={{ fontSize: token.fontSizeLG }}>
        {heading}
      </Typography.Title>
      {loading && !data && (
        <Flex role="status" aria-live="polite" gap="small" align="center">
          <Spin size="small" />
          <Typography.Text type="secondary">Loading preview…</Typography.Text>
        </Flex>
      )}
      {!loading && error !== undefined && (
        <Alert
          type="warning"
          showIcon
          title={`Preview unavailable: ${getServerMessage(error) ?? 'the preview could not be rendered'}`}
          action={<Button onClick={retry}>Retry</Button>}
        />
      )}
      {data && (
        <Flex vertical gap="small">
          <Typography.Text strong>{`Subject: ${data.subject}`}</Typography.Text>
          <Typography.Text type="secondary">
            {`Sample: ${data.sampleStaffName}, ${formatDate(data.sampleDate, LONG_DATE_FORMAT)}`}
          </Typography.Text>
          <iframe
            title="Email preview"
            sandbox=""
            srcDoc={data.html}
            style={{
              width: '100%',
              height: 420,
              border: `1px solid ${token.colorBorder}`,
              borderRadius: token.borderRadius,
              background: '#fff',
            }}
          />
        </Flex>
      )}
    </section>
  );
}
