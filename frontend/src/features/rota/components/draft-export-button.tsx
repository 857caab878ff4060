import { DownOutlined, DownloadOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useState } from 'react';

import { downloadFile } from '@/shared/api/download-file';
import { getServerMessage } from '@/shared/api/errors';
import { useToast } from '@/shared/ui/toast';

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
  const toast = useToast();
  const [exporting, setExporting] = useState(false);

  const exportAs = async (format: Format) => {
    setExporting(true);
    try {
      await downloadFile(
        {
          url: ROTA_EXPORT_URL,
          params: { startDate: draft.startDate, endDate: draft.endDate, format, draftId: draft.id },
        },
        `duty-rota-draft-${draft.startDate}-to-${draft.endDate}.${format}`,
      );
    } catch (error) {
      toast({
        variant: 'destructive',
        description: getServerMessage(error) ?? 'Failed to export the draft',
      });
    } finally {
      setExporting(false);
    }
  };

  const items: MenuProps['items'] = FORMATS.map((format) => ({
    key: format,
    label: `The draft as ${format.toUpperCase()}`,
  }));

  return (
    <Dropdown
      trigger={['click']}
      menu={{ items, onClick: ({ key }) => void exportAs(key as Format) }}
    >
      <Button icon={<DownloadOutlined aria-hidden />} loading={exporting}>
        Export <DownOutlined aria-hidden />
      </Button>
    </Dropdown>
  );
}
