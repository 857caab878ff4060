import { DownOutlined, DownloadOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';

import { useFileDownload } from '@/shared/ui/use-file-download';

import type { DraftDto } from '../api';
import { ROTA_EXPORT_URL } from '../lib/rota-export';

const FORMATS = ['csv', 'xlsx'] as const;
type Format = (typeof FORMATS)[number];

/**
 * Export, on a draft's page (docs/product.md#drafts): the rota of the draft's period with the
 * draft's people in place of the live rota's, as a CSV or XLSX file — the Monthly Rota's export
 * (rota-export-button.tsx) with the draft's id.
 */
export function DraftExportButton({
  draft,
}: {
  draft: Pick<DraftDto, 'id' | 'startDate' | 'endDate'>;
}) {
  const { downloading, download } = useFileDownload<Format>('Failed to export the draft');

  const exportAs = (format: Format) =>
    download(
      format,
      {
        url: ROTA_EXPORT_URL,
        params: { startDate: draft.startDate, endDate: draft.endDate, format, draftId: draft.id },
      },
      `duty-rota-draft-${draft.startDate}-to-${draft.endDate}.${format}`,
    );

  const items: MenuProps['items'] = FORMATS.map((format) => ({
    key: format,
    label: `The draft as ${format.toUpperCase()}`,
  }));

  return (
    <Dropdown
      trigger={['click']}
      menu={{ items, onClick: ({ key }) => void exportAs(key as Format) }}
    >
      <Button icon={<DownloadOutlined aria-hidden />} loading={downloading !== undefined}>
        Export <DownOutlined aria-hidden />
      </Button>
    </Dropdown>
  );
}
