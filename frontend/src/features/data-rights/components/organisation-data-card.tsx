import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Divider, Flex, Form, Skeleton, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useDispatch } from 'react-redux';

import { baseApi } from '@/shared/api/base-api';
import { downloadFile } from '@/shared/api/download-file';
import { getServerMessage } from '@/shared/api/errors';
import { LoadError } from '@/shared/ui/load-error';
import {
  reauthenticationOf,
  type ReauthenticationValues,
  clearRefusedCredential,
} from '@/shared/ui/reauthentication-fields';
import { SectionCard } from '@/shared/ui/section-card';
import { useToast } from '@/shared/ui/toast';

import {
  ORGANIZATION_EXPORT_URL,
  useGetOrganizationImportStatusQuery,
  useImportOrganizationMutation,
  type OrganizationImportResultDto,
} from '../api';
import { ConfirmItsYouFields } from './confirm-its-you-fields';

export const EXPORT_FALLBACK_NAME = 'organisation-export.zip';

/**
 * The Admin Panel's "Organisation data" section (docs/security.md, "Organisation export and
 * import"): everything of the organisation as one ZIP, and, while the organisation is new, the
 * import of such a ZIP from another Duty Manager.
 */
export function OrganisationDataCard() {
  return (
    <SectionCard title="Organisation data">
      <Typography.Paragraph type="secondary">
        Take all of your school&apos;s data with you: staff, duties, term dates, the rota and its
        history, requests, settings and the activity log, as CSV files and one JSON document (the
        format is published in the documentation).
      </Typography.Paragraph>
      <ExportForm />
      <Divider />
      <ImportSection />
    </SectionCard>
  );
}

function ExportForm() {
  const [form] = Form.useForm<ReauthenticationValues>();
  const [exporting, setExporting] = useState(false);
  const toast = useToast();

  const submit = async (values: ReauthenticationValues) => {
    setExporting(true);
    try {
      const fileName = await downloadFile(
        { url: ORGANIZATION_EXPORT_URL, body: reauthenticationOf(values) },
        EXPORT_FALLBACK_NAME,
      );
      toast({ title: 'Export downloaded', description: `Saved as ${fileName}` });
      form.resetFields();
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Export failed',
        description: getServerMessage(error) ?? 'The export could not be made. Please try again.',
      });
      clearRefusedCredential(form, error);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      name="organisation-export"
      aria-label="Export all data"
      onFinish={(values) => void submit(values)}
    >
      <Typography.Title level={3} style={{ fontSize: 16 }}>
        Export all data
      </Typography.Title>
      <ConfirmItsYouFields help="Exporting everything asks you to confirm it's you." />
      <Button
        type="primary"
        htmlType="submit"
        icon={<DownloadOutlined aria-hidden />}
        loading={exporting}
      >
        Export all data
      </Button>
    </Form>
  );
}

function ImportSection() {
  const status = useGetOrganizationImportStatusQuery();
  // Kept here: after an import every query is read again, and the organisation is no longer new.
  const [result, setResult] = useState<OrganizationImportResultDto>();
  if (result) {
    return (
      <Alert
        type="success"
        showIcon
        role="status"
        message="Imported"
        description={result.message}
      />
    );
  }
  if (status.isLoading) {
    return (
      <div role="status" aria-label="Loading whether this organisation can import">
        <Skeleton active title={false} paragraph={{ rows: 1 }} />
      </div>
    );
  }
  if (!status.data) {
    return (
      <LoadError
        title="Failed to load whether this organisation can import an export"
        description="Please try refreshing the page or contact support if the issue persists."
        retryLabel="Try again"
        retrying={status.isFetching}
        onRetry={() => void status.refetch()}
      />
    );
  }
  return (
    <>
      <Typography.Title level={3} style={{ fontSize: 16 }}>
        Import an export
      </Typography.Title>
      {status.data.canImport ? (
        <ImportForm onImported={setResult} />
      ) : (
        <Typography.Paragraph type="secondary">
          An export can be imported only into a new organisation, before it has staff, duties or a
          rota of its own. To move a school here, sign up a new organisation with your email and
          import there.
        </Typography.Paragraph>
      )}
    </>
  );
}

interface ImportValues extends ReauthenticationValues {
  file?: File;
}

function ImportForm({ onImported }: { onImported: (result: OrganizationImportResultDto) => void }) {
  const [form] = Form.useForm<ImportValues>();
  const [importOrganization, state] = useImportOrganizationMutation();
  const [file, setFile] = useState<File>();
  const [problem, setProblem] = useState<string>();
  const dispatch = useDispatch();

  const submit = async (values: ImportValues) => {
    if (!file) {
      setProblem('Choose the .zip file that "Export all data" downloaded.');
      return;
    }
    setProblem(undefined);
    try {
      const imported = await importOrganization({
        body: { file, ...reauthenticationOf(values) },
      }).unwrap();
      onImported(imported);
      // Every screen's data changed: read it all again.
      dispatch(baseApi.util.resetApiState());
    } catch (error) {
      setProblem(getServerMessage(error) ?? 'The import failed. Nothing was changed.');
      clearRefusedCredential(form, error);
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      name="organisation-import"
      aria-label="Import an export"
      onFinish={(values) => void submit(values)}
    >
      <Typography.Paragraph type="secondary">
        Moving from another Duty Manager? Import its export into this new organisation. The archive
        is checked first: if anything is wrong, nothing is imported. You keep your account; the
        others have no password here and set one with &quot;Forgot password&quot;.
      </Typography.Paragraph>
      <Form.Item label="Export file (.zip)" required>
        <Flex gap="small" align="center" wrap>
          <Upload
            accept=".zip,application/zip"
            multiple={false}
            showUploadList={false}
            beforeUpload={(chosen) => {
              setFile(chosen);
              setProblem(undefined);
              return false;
            }}
          >
            <Button icon={<UploadOutlined aria-hidden />}>Choose file</Button>
          </Upload>
          <Typography.Text>{file ? file.name : 'No file chosen'}</Typography.Text>
        </Flex>
      </Form.Item>
      <ConfirmItsYouFields help="Importing asks you to confirm it's you." />
      {problem && (
        <Alert
          type="error"
          showIcon
          role="alert"
          message="The import was refused"
          description={problem}
          style={{ marginBottom: 16 }}
        />
      )}
      <Button type="primary" htmlType="submit" loading={state.isLoading}>
        Import
      </Button>
    </Form>
  );
}
