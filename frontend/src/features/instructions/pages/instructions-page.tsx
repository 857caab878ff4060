import { DownloadOutlined, FileTextOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Skeleton, Spin, Typography } from 'antd';
import type { CSSProperties, MouseEvent, ReactNode } from 'react';

import {
  useGetProcedureFileLinkQuery,
  useGetSystemSettingsQuery,
  type ProcedureFileInfoDto,
  type ProcedureFileLinkDto,
} from '@/features/settings/api';
import { DOCUMENT_KIND_LABELS } from '@/shared/lib/document-kinds';
import { formatFileSize } from '@/shared/lib/file-size';
import { isBlank, trimmed } from '@/shared/lib/text';
import { LoadError } from '@/shared/ui/load-error';
import { PageTitle } from '@/shared/ui/page-title';
import { SectionCard } from '@/shared/ui/section-card';

export const DEFAULT_TITLE = 'Duty Manager Instructions';
const NO_INSTRUCTIONS = 'No instructions have been configured yet.';

/** The download link works for 15 minutes; a new one every 10 keeps the page's link good. */
const LINK_REFRESH_MS = 600_000;
/** A link this close to expiring is replaced before it is followed. */
const EXPIRY_MARGIN_MS = 30_000;

/** Plain text shown as written, in the page's own font: line breaks and spacing are kept. */
const PREFORMATTED_STYLE: CSSProperties = {
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  fontFamily: 'inherit',
  fontSize: 'inherit',
  lineHeight: 1.6,
  margin: 0,
};

function isExpiring(link: ProcedureFileLinkDto): boolean {
  const expiresAt = Date.parse(link.expiresAt);
  return Number.isFinite(expiresAt) && expiresAt - Date.now() < EXPIRY_MARGIN_MS;
}

/**
 * docs/product.md#procedure-document: the Instructions page (/instructions), for every signed-in role. It shows the
 * configured title and text, preformatted, and, when a procedure document has been uploaded,
 * a Download Procedures button and an Additional Documentation block that open it in a new tab.
 */
export function InstructionsPage() {
  const { data, isLoading, isError, isFetching, error, refetch } = useGetSystemSettingsQuery();

  if (isLoading || (!data && !isError)) {
    return (
      <>
        <PageTitle title="Instructions" />
        <div role="status" aria-live="polite" aria-label="Loading instructions">
          <Skeleton active title={{ width: '40%' }} paragraph={{ rows: 6 }} />
        </div>
      </>
    );
  }

  if (!data) {
    return (
      <>
        <PageTitle title={DEFAULT_TITLE} />
        <Typography.Title level={1} style={{ marginTop: 0 }}>
          {DEFAULT_TITLE}
        </Typography.Title>
        <LoadError
          title="Failed to load instructions"
          error={error}
          retrying={isFetching}
          onRetry={() => void refetch()}
        />
      </>
    );
  }

  const title = trimmed(data.instructionsTitle) || DEFAULT_TITLE;
  const fileName = data.procedureFile?.fileName ?? data.procedureFileName ?? undefined;

  return (
    <>
      <PageTitle title={title} />
      {fileName ? (
        <WithProcedureDocument title={title} fileName={fileName} file={data.procedureFile}>
          <InstructionsText content={data.instructionsContent} />
        </WithProcedureDocument>
      ) : (
        <>
          <Typography.Title level={1} style={{ marginTop: 0 }}>
            {title}
          </Typography.Title>
          <InstructionsText content={data.instructionsContent} />
        </>
      )}
    </>
  );
}

function InstructionsText({ content }: { content: string }) {
  return (
    <Card>
      {isBlank(content) ? (
        <Typography.Text type="secondary">{NO_INSTRUCTIONS}</Typography.Text>
      ) : (
        <pre style={PREFORMATTED_STYLE}>{content}</pre>
      )}
    </Card>
  );
}

interface WithProcedureDocumentProps {
  title: string;
  fileName: string;
  file: ProcedureFileInfoDto | null;
  /** The instructions, between the heading and the Additional Documentation block. */
  children: ReactNode;
}

/**
 * The page with a procedure document: mounted only when there is one, so the short-lived
 * download link is asked for (and kept fresh) only then.
 */
function WithProcedureDocument({ title, fileName, file, children }: WithProcedureDocumentProps) {
  const linkQuery = useGetProcedureFileLinkQuery(undefined, {
    pollingInterval: LINK_REFRESH_MS,
    // A link cached from an earlier visit may have expired: every visit asks for a new one.
    refetchOnMountOrArgChange: true,
  });
  const link = linkQuery.data;
  const { refetch } = linkQuery;

  // Polling timers can stall (a laptop asleep, a tab in the background): a link about to
  // expire is replaced first, then opened.
  const openFreshLink = (event: MouseEvent<HTMLElement>) => {
    if (!link || !isExpiring(link)) return;
    event.preventDefault();
    void refetch()
      .unwrap()
      .then((fresh) => window.open(fresh.url, '_blank', 'noopener,noreferrer'))
      .catch(() => undefined);
  };

  const details = file
    ? `${DOCUMENT_KIND_LABELS[file.kind]} · ${formatFileSize(file.size)}`
    : undefined;

  let documentBody;
  if (link) {
    documentBody = (
      <Flex gap="small" align="start">
        <FileTextOutlined aria-hidden style={{ marginTop: 4 }} />
        <div>
          <Typography.Link
            href={link.url}
            target="_blank"
            rel="noopener noreferrer"
            onClick={openFreshLink}
            strong
          >
            {fileName}
          </Typography.Link>
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            {details ? `${details} · opens in a new tab` : 'Opens in a new tab'}
          </Typography.Paragraph>
        </div>
      </Flex>
    );
  } else if (linkQuery.isError) {
    documentBody = (
      <LoadError
        title="Failed to prepare the download link"
        error={linkQuery.error}
        retrying={linkQuery.isFetching}
        onRetry={() => void refetch()}
      />
    );
  } else {
    documentBody = (
      <Flex role="status" aria-live="polite" gap="small" align="center">
        <Spin size="small" />
        <Typography.Text type="secondary">{`Preparing ${fileName}…`}</Typography.Text>
      </Flex>
    );
  }

  return (
    <>
      <Flex justify="space-between" align="start" wrap gap="middle">
        <Typography.Title level={1} style={{ marginTop: 0 }}>
          {title}
        </Typography.Title>
        <Button
          type="primary"
          icon={<DownloadOutlined aria-hidden />}
          href={link?.url}
          target="_blank"
          rel="noopener noreferrer"
          loading={!link && linkQuery.isFetching}
          disabled={!link}
          onClick={openFreshLink}
        >
          Download Procedures
        </Button>
      </Flex>
      <Flex vertical gap="large">
        {children}
        <SectionCard title="Additional Documentation">{documentBody}</SectionCard>
      </Flex>
    </>
  );
}
