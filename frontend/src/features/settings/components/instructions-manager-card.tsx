import { DeleteOutlined, FileTextOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Descriptions, Divider, Flex, Form, Input, Typography, Upload } from 'antd';
import { useId, useRef, useState, type CSSProperties, type ReactNode } from 'react';

import { getServerMessage, isApiError } from '@/shared/api/errors';
import { DISPLAY_DATE_FORMAT, formatDateTime } from '@/shared/lib/dates';
import { ConfirmButton } from '@/shared/ui/confirm-button';
import { DOCUMENT_KIND_LABELS } from '@/shared/lib/document-kinds';
import { formatFileSize } from '@/shared/lib/file-size';
import { isBlank, trimmed } from '@/shared/lib/text';
import { LoadError } from '@/shared/ui/load-error';
import { useToast } from '@/shared/ui/toast';

import {
  useDeleteProcedureFileMutation,
  useGetSystemSettingsQuery,
  useSaveSystemSettingsMutation,
  useUploadProcedureFileMutation,
  type SystemSettingsDto,
} from '../api';

import { SaveCancelButtons, SettingsCard, SettingsEditor, SettingsLoading } from './settings-card';

const TITLE = 'Instructions Manager';
const NO_INSTRUCTIONS = 'No instructions have been configured yet.';
const TITLE_MAX = 255;
const CONTENT_MAX = 20_000;

/** The server's limits for the procedure document (docs/product.md#procedure-document). */
const FILE_MAX_BYTES = 10 * 1024 * 1024;
const FILE_ACCEPT = '.pdf,.doc,.docx';
const FILE_HELP = 'Accepted: .pdf, .doc, .docx — up to 10 MB.';
const WRONG_TYPE_MESSAGE = 'Only .pdf, .doc and .docx files can be uploaded.';
const TOO_LARGE_MESSAGE = 'The file is larger than 10 MB.';

/** Plain text shown as written: line breaks and runs of spaces are kept, long lines wrap. */
const PREFORMATTED_STYLE: CSSProperties = {
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  fontFamily: 'inherit',
  margin: 0,
};

/** What is wrong with a chosen file before it is sent, if anything: the server checks again. */
export function procedureFileProblem(file: { name: string; size: number }): string | undefined {
  if (!/\.(pdf|docx?)$/i.test(file.name)) return WRONG_TYPE_MESSAGE;
  if (file.size > FILE_MAX_BYTES) return TOO_LARGE_MESSAGE;
  return undefined;
}

/** The failure text of an upload: the server's reason, else what its status says. */
function uploadFailureMessage(error: unknown): string {
  const message = getServerMessage(error);
  if (message) return message;
  if (isApiError(error) && error.status === 413) return TOO_LARGE_MESSAGE;
  return 'Failed to upload the procedure document';
}

/**
 * docs/product.md#procedure-document, Admin Panel: the Instructions Manager section. It edits the title and text of the
 * Instructions page and holds its procedure document. Like Duty Manager Settings it starts
 * closed and reads the settings only once opened.
 */
export function InstructionsManagerCard() {
  return (
    <SettingsCard
      collapsible
      title={TITLE}
      description="The title, text and procedure document everyone sees on the Instructions page."
    >
      {() => <InstructionsBody />}
    </SettingsCard>
  );
}

/** The open card: mounted only while open, so the query runs only then. */
function InstructionsBody() {
  const { data, isLoading, isError, isFetching, error, refetch } = useGetSystemSettingsQuery();

  return (
    <SettingsEditor
      // A failed refetch shows the failure, even over settings loaded before.
      settings={isError ? undefined : data}
      loading={isLoading}
      loadingView={<SettingsLoading text="Loading instructions…" />}
      failedView={
        <LoadError
          title="Failed to load instructions"
          error={error}
          retrying={isFetching}
          onRetry={() => void refetch()}
        />
      }
      // After Save or Cancel the Edit button takes focus back, so keyboard users stay in place.
      refocusEdit
      view={(settings, editButton) => (
        <AboveProcedureDocument settings={settings}>
          <InstructionsView settings={settings} editButton={editButton} />
        </AboveProcedureDocument>
      )}
      form={(settings, done) => (
        <AboveProcedureDocument settings={settings}>
          <InstructionsForm settings={settings} onDone={done} />
        </AboveProcedureDocument>
      )}
    />
  );
}

/**
 * The view or the form, then the procedure document. Both modes render it, so the document
 * section (an upload under way, its error) carries over when the mode changes.
 */
function AboveProcedureDocument({
  settings,
  children,
}: {
  settings: SystemSettingsDto;
  children: ReactNode;
}) {
  return (
    <Flex vertical gap="middle">
      {children}
      <Divider style={{ margin: 0 }} />
      <ProcedureDocument settings={settings} />
    </Flex>
  );
}

interface InstructionsViewProps {
  settings: SystemSettingsDto;
  editButton: ReactNode;
}

function InstructionsView({ settings, editButton }: InstructionsViewProps) {
  const hasContent = !isBlank(settings.instructionsContent);
  return (
    <Flex vertical gap="small">
      <Descriptions
        column={1}
        layout="vertical"
        size="small"
        items={[
          { key: 'title', label: 'Title', children: settings.instructionsTitle },
          {
            key: 'content',
            label: 'Instructions',
            children: hasContent ? (
              <pre style={PREFORMATTED_STYLE}>{settings.instructionsContent}</pre>
            ) : (
              <Typography.Text type="secondary">{NO_INSTRUCTIONS}</Typography.Text>
            ),
          },
        ]}
      />
      <div>{editButton}</div>
    </Flex>
  );
}

interface InstructionsFormValues {
  instructionsTitle: string;
  instructionsContent: string;
}

interface InstructionsFormProps {
  settings: SystemSettingsDto;
  /** Leaves the edit mode, after a save or on Cancel. */
  onDone: () => void;
}

/** The edit mode: it starts from the saved values each time, so Cancel restores them. */
function InstructionsForm({ settings, onDone }: InstructionsFormProps) {
  const [saveSettings, { isLoading: isSaving }] = useSaveSystemSettingsMutation();
  const toast = useToast();

  const save = async (values: InstructionsFormValues) => {
    try {
      await saveSettings({
        updateSystemSettingsDto: {
          instructionsTitle: trimmed(values.instructionsTitle),
          instructionsContent: values.instructionsContent,
        },
      }).unwrap();
      toast({ title: 'Success', description: 'Instructions updated successfully' });
      onDone();
    } catch (saveError) {
      toast({
        variant: 'destructive',
        description: getServerMessage(saveError) ?? 'Failed to update instructions',
      });
    }
  };

  return (
    <Form<InstructionsFormValues>
      name="instructions-manager"
      layout="vertical"
      initialValues={{
        instructionsTitle: settings.instructionsTitle,
        instructionsContent: settings.instructionsContent,
      }}
      onFinish={(values) => void save(values)}
      disabled={isSaving}
    >
      <Form.Item
        name="instructionsTitle"
        label="Title"
        rules={[
          { required: true, whitespace: true, message: 'Please enter a title' },
          { max: TITLE_MAX, message: `The title must be at most ${TITLE_MAX} characters` },
        ]}
      >
        <Input maxLength={TITLE_MAX} autoFocus />
      </Form.Item>
      <Form.Item
        name="instructionsContent"
        label="Instructions"
        extra="Plain text, shown exactly as written: line breaks and spacing are kept. Leave it empty for no instructions."
        rules={[
          {
            max: CONTENT_MAX,
            message: `The instructions must be at most ${CONTENT_MAX.toLocaleString('en-GB')} characters`,
          },
        ]}
      >
        <Input.TextArea maxLength={CONTENT_MAX} showCount rows={10} />
      </Form.Item>
      <SaveCancelButtons saving={isSaving} onCancel={onDone} />
    </Form>
  );
}

/** The procedure document: what it is, and uploading, replacing or removing it. */
function ProcedureDocument({ settings }: { settings: SystemSettingsDto }) {
  const headingId = useId();
  const helpId = useId();
  const uploadButtonRef = useRef<HTMLButtonElement>(null);
  const [uploadFile, { isLoading: isUploading }] = useUploadProcedureFileMutation();
  const [deleteFile] = useDeleteProcedureFileMutation();
  const [uploadError, setUploadError] = useState<string>();
  const toast = useToast();

  const file = settings.procedureFile;
  const fileName = file?.fileName ?? settings.procedureFileName;

  const upload = async (chosen: File) => {
    try {
      const result = await uploadFile({ body: { file: chosen } }).unwrap();
      const name = result.procedureFile?.fileName ?? result.procedureFileName ?? chosen.name;
      toast({
        title: 'Document uploaded',
        description: `“${name}” is now the procedure document.`,
      });
    } catch (caught) {
      const message = uploadFailureMessage(caught);
      // Kept next to the button too, after the toast has gone.
      setUploadError(message);
      toast({ variant: 'destructive', title: 'Upload failed', description: message });
    }
  };

  const choose = (chosen: File) => {
    const problem = procedureFileProblem(chosen);
    setUploadError(problem);
    if (!problem) void upload(chosen);
    // Never kept in antd's own file list: the card shows the stored document instead.
    return Upload.LIST_IGNORE;
  };

  // antd's Upload blurs its button on the way to the file picker (from the keyboard, focus would
  // end up nowhere); once the event is over, focus goes back to the button.
  const keepFocus = () => {
    window.setTimeout(() => uploadButtonRef.current?.focus(), 0);
  };

  const remove = async () => {
    try {
      await deleteFile().unwrap();
      setUploadError(undefined);
      toast({
        title: 'Document removed',
        description: fileName
          ? `“${fileName}” is no longer the procedure document.`
          : 'The procedure document has been removed.',
      });
    } catch (caught) {
      toast({
        variant: 'destructive',
        description: getServerMessage(caught) ?? 'Failed to remove the procedure document',
      });
    }
  };

  return (
    <section aria-labelledby={headingId}>
      <Typography.Title level={3} id={headingId} style={{ fontSize: 16, margin: '0 0 8px' }}>
        Procedure document
      </Typography.Title>
      {fileName ? (
        <Flex gap="small" align="start" style={{ marginBottom: 12 }}>
          <FileTextOutlined aria-hidden style={{ marginTop: 4 }} />
          <div>
            <Typography.Text strong>{fileName}</Typography.Text>
            {file && (
              <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
                {`${DOCUMENT_KIND_LABELS[file.kind]} · ${formatFileSize(file.size)} · uploaded ${formatDateTime(file.uploadedAt, DISPLAY_DATE_FORMAT)}`}
              </Typography.Paragraph>
            )}
          </div>
        </Flex>
      ) : (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
          No procedure document uploaded.
        </Typography.Paragraph>
      )}
      <Flex gap="small" wrap align="center">
        <Upload
          accept={FILE_ACCEPT}
          multiple={false}
          showUploadList={false}
          disabled={isUploading}
          beforeUpload={choose}
        >
          <Button
            ref={uploadButtonRef}
            icon={<UploadOutlined aria-hidden />}
            loading={isUploading}
            aria-describedby={helpId}
            onClick={keepFocus}
            onKeyDown={(event) => {
              if (event.key === 'Enter') keepFocus();
            }}
          >
            {fileName ? 'Replace procedure document' : 'Upload procedure document'}
          </Button>
        </Upload>
        {fileName && (
          <ConfirmButton
            danger
            icon={<DeleteOutlined aria-hidden />}
            disabled={isUploading}
            confirmTitle="Remove the procedure document?"
            confirmDescription="The Download Procedures button disappears from the Instructions page."
            okText="Remove"
            okDanger
            onConfirm={remove}
          >
            Remove document
          </ConfirmButton>
        )}
      </Flex>
      <Typography.Paragraph id={helpId} type="secondary" style={{ margin: '8px 0 0' }}>
        {FILE_HELP}
      </Typography.Paragraph>
      {uploadError && <Alert type="error" showIcon title={uploadError} style={{ marginTop: 12 }} />}
    </section>
  );
}
