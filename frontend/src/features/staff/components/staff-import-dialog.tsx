import { InboxOutlined } from '@ant-design/icons';
import { Button, Flex, Modal, Table, Tag, theme, Typography, Upload, type TableProps } from 'antd';
import { useMemo, useRef, useState } from 'react';

import { getServerMessage } from '@/shared/api/errors';
import { formatWeekdays } from '@/shared/lib/weekdays';
import { focusFirstField } from '@/shared/ui/focus-first-field';
import { useToast } from '@/shared/ui/toast';

import {
  csvUpload,
  useImportStaffMutation,
  usePreviewStaffImportMutation,
  type ImportPreviewDto,
  type ImportRowDto,
} from '../api';
import { staffTypeLabel } from '../lib/staff-labels';
import { defaultFte } from '../lib/working-pattern';

/** The server's limit; checked here too so a wrong file fails at once, without an upload. */
const MAX_CSV_BYTES = 1024 * 1024;

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** e.g. "Imported 3 staff members (1 row skipped)". */
export function importResultMessage(imported: number, skipped: number): string {
  const done = `Imported ${plural(imported, 'staff member', 'staff members')}`;
  return skipped > 0 ? `${done} (${plural(skipped, 'row', 'rows')} skipped)` : done;
}

const COLUMNS: TableProps<ImportRowDto>['columns'] = [
  { title: 'Line', dataIndex: 'line', width: 64 },
  { title: 'Name', dataIndex: 'name' },
  { title: 'Email', dataIndex: 'email' },
  {
    title: 'Department',
    dataIndex: 'department',
    render: (department: string | null) => department ?? '—',
  },
  { title: 'Staff type', dataIndex: 'isTeaching', render: staffTypeLabel },
  {
    title: 'Working days',
    dataIndex: 'workingDays',
    render: (days: number[]) => (
      <span style={{ whiteSpace: 'nowrap' }}>{days.length > 0 ? formatWeekdays(days) : '—'}</span>
    ),
  },
  {
    // A blank FTE is their working days ÷ 5 (docs/product.md#working-patterns): shown, greyed.
    title: 'FTE',
    dataIndex: 'fte',
    render: (fte: number | null, row) =>
      fte !== null ? (
        fte
      ) : (
        <Typography.Text type="secondary">{defaultFte(row.workingDays)}</Typography.Text>
      ),
  },
  {
    title: 'Problems',
    dataIndex: 'errors',
    render: (errors: string[]) =>
      errors.length === 0 ? (
        <Tag color="green">Ready</Tag>
      ) : (
        <ul style={{ margin: 0, paddingInlineStart: 16 }}>
          {errors.map((error) => (
            <li key={error}>
              <Typography.Text type="danger">{error}</Typography.Text>
            </li>
          ))}
        </ul>
      ),
  },
];

interface StaffImportDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * Staff import from a CSV (docs/product.md#activity-log-import-and-printing): choose a file, see every row with its problems, then
 * import the rows without any. The server checks the file both times; nothing is saved until the
 * second step.
 */
export function StaffImportDialog({ open, onClose }: StaffImportDialogProps) {
  const [previewImport, previewState] = usePreviewStaffImportMutation();
  const [importStaff, importState] = useImportStaffMutation();
  const toast = useToast();
  const { token } = theme.useToken();
  const [file, setFile] = useState<File>();
  const [preview, setPreview] = useState<ImportPreviewDto>();
  const chooserRef = useRef<HTMLDivElement>(null);

  // Rows to fix come first, so a long file's problems are not buried on a later page.
  const rows = useMemo(
    () =>
      preview
        ? [...preview.rows].sort(
            (a, b) => Number(b.errors.length > 0) - Number(a.errors.length > 0) || a.line - b.line,
          )
        : [],
    [preview],
  );

  const reset = () => {
    setFile(undefined);
    setPreview(undefined);
  };

  const check = async (chosen: File) => {
    const problem = !/\.csv$/i.test(chosen.name)
      ? 'The file must be a .csv file'
      : chosen.size > MAX_CSV_BYTES
        ? 'The CSV file must be at most 1 MB'
        : undefined;
    if (problem) {
      toast({ variant: 'destructive', description: problem });
      return;
    }
    try {
      const result = await previewImport({ staffCsvUploadDto: csvUpload(chosen) }).unwrap();
      setFile(chosen);
      setPreview(result);
    } catch (error) {
      toast({
        variant: 'destructive',
        description: getServerMessage(error) ?? 'Failed to read the CSV file',
      });
    }
  };

  const runImport = async () => {
    if (!file) return;
    try {
      const result = await importStaff({ staffCsvUploadDto: csvUpload(file) }).unwrap();
      toast({
        title: 'Success',
        description: importResultMessage(result.imported, result.skipped),
      });
      onClose();
    } catch (error) {
      toast({
        variant: 'destructive',
        description: getServerMessage(error) ?? 'Failed to import staff members',
      });
    }
  };

  const footer = preview ? (
    <Flex justify="end" gap="small" wrap>
      <Button onClick={reset} disabled={importState.isLoading}>
        Choose another file
      </Button>
      <Button onClick={onClose} disabled={importState.isLoading}>
        Cancel
      </Button>
      <Button
        type="primary"
        disabled={preview.validCount === 0}
        loading={importState.isLoading}
        onClick={() => void runImport()}
      >
        {`Import ${preview.validCount} staff`}
      </Button>
    </Flex>
  ) : (
    <Button onClick={onClose}>Cancel</Button>
  );

  return (
    <Modal
      open={open}
      title="Import staff from CSV"
      width={preview ? 960 : 560}
      footer={footer}
      onCancel={onClose}
      afterClose={reset}
      afterOpenChange={(visible) => {
        if (!visible) return;
        // The drop zone is the upload's keyboard control: a role="button" that opens the picker.
        const dropZone = chooserRef.current?.querySelector<HTMLElement>('[role="button"]');
        focusFirstField(dropZone ?? null);
      }}
      destroyOnHidden
    >
      {preview ? (
        <Flex vertical gap="middle">
          <div role="status">
            <Typography.Text strong>{file?.name}</Typography.Text>
            <Typography.Paragraph style={{ marginBottom: 0 }}>
              {`${preview.validCount} ready to import, ${preview.errorCount} with errors`}
            </Typography.Paragraph>
            {preview.errorCount > 0 && (
              <Typography.Text type="secondary">
                Rows with errors are listed first and are left out of the import. Fix them in the
                file and choose it again to include them.
              </Typography.Text>
            )}
          </div>
          <Table<ImportRowDto>
            aria-label="Rows in the file"
            size="small"
            rowKey="line"
            columns={COLUMNS}
            dataSource={rows}
            pagination={{ pageSize: 50, hideOnSinglePage: true }}
            onRow={(row) =>
              row.errors.length > 0 ? { style: { background: token.colorErrorBg } } : {}
            }
            scroll={{ x: true }}
          />
        </Flex>
      ) : (
        <Flex vertical gap="middle">
          <Typography.Paragraph style={{ marginBottom: 0 }}>
            The first row of the file names the columns:{' '}
            <Typography.Text code>name</Typography.Text>,{' '}
            <Typography.Text code>email</Typography.Text>,{' '}
            <Typography.Text code>department</Typography.Text>,{' '}
            <Typography.Text code>teaching</Typography.Text>,{' '}
            <Typography.Text code>working days</Typography.Text> and{' '}
            <Typography.Text code>fte</Typography.Text>. Name and email are required; teaching is{' '}
            <Typography.Text code>yes</Typography.Text> or{' '}
            <Typography.Text code>no</Typography.Text> (yes when empty); working days like{' '}
            <Typography.Text code>Mon-Wed</Typography.Text> (every weekday when empty); fte like{' '}
            <Typography.Text code>0.6</Typography.Text> or{' '}
            <Typography.Text code>60%</Typography.Text> (working days ÷ 5 when empty). At most 1 MB.
          </Typography.Paragraph>
          <Typography.Paragraph style={{ marginBottom: 0 }}>
            <pre aria-label="Example file">
              {
                'name,email,department,teaching,working days,fte\nAnn Lee,ann.lee@school.example,Science,yes,,\nBen Ng,ben.ng@school.example,Maths,yes,Mon-Wed,0.6'
              }
            </pre>
          </Typography.Paragraph>
          <div ref={chooserRef}>
            <Upload.Dragger
              accept=".csv,text/csv"
              multiple={false}
              showUploadList={false}
              disabled={previewState.isLoading}
              beforeUpload={(chosen) => {
                void check(chosen);
                // Our mutation sends the file; antd's own upload must not.
                return false;
              }}
            >
              <p className="ant-upload-drag-icon">
                <InboxOutlined aria-hidden />
              </p>
              <p className="ant-upload-text">
                {previewState.isLoading
                  ? 'Checking the file…'
                  : 'Choose a CSV file or drag it here'}
              </p>
            </Upload.Dragger>
          </div>
        </Flex>
      )}
    </Modal>
  );
}
