import { DownOutlined, DownloadOutlined } from '@ant-design/icons';
import { skipToken } from '@reduxjs/toolkit/query';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useState } from 'react';

import { useGetTermDatesQuery } from '@/features/holidays/api';
import { useFileDownload } from '@/shared/ui/use-file-download';

import {
  academicYearOfMonth,
  exportSpans,
  ROTA_EXPORT_URL,
  SPAN_LABELS,
  type RotaExportSpan,
} from '../lib/rota-export';

const FORMATS = ['csv', 'xlsx'] as const;
type Format = (typeof FORMATS)[number];
const SPANS: readonly RotaExportSpan[] = ['month', 'term', 'year'];

/** "This month as CSV". */
export function exportItemLabel(span: RotaExportSpan, format: Format): string {
  return `${SPAN_LABELS[span]} as ${format.toUpperCase()}`;
}

/**
 * Export, on the Monthly Rota: the rota of the month shown, of its term or of its academic year,
 * as a CSV or XLSX file. "This term" needs the year's term dates; without them it is offered
 * disabled, saying why.
 */
export function RotaExportButton({ month }: { month: string }) {
  // The term dates are read once the menu is first opened, not with every month shown.
  const [opened, setOpened] = useState(false);
  const terms = useGetTermDatesQuery(
    opened ? { academicYear: academicYearOfMonth(month) } : skipToken,
  );
  const { downloading, download } = useFileDownload('Failed to export the rota');
  const spans = exportSpans(month, terms.data?.terms);

  const exportAs = async (span: RotaExportSpan, format: Format) => {
    const dates = spans[span];
    if (!dates) return;
    await download(
      `${span}:${format}`,
      { url: ROTA_EXPORT_URL, params: { ...dates, format } },
      `duty-rota-${dates.startDate}-to-${dates.endDate}.${format}`,
    );
  };

  const items: MenuProps['items'] = SPANS.map((span) => {
    const noTerm = span === 'term' && !spans.term;
    return {
      key: span,
      type: 'group' as const,
      label: noTerm
        ? `${SPAN_LABELS.term} (${terms.isFetching ? 'loading term dates…' : 'no term dates for this month'})`
        : SPAN_LABELS[span],
      children: FORMATS.map((format) => ({
        key: `${span}:${format}`,
        label: exportItemLabel(span, format),
        disabled: noTerm,
      })),
    };
  });

  return (
    <Dropdown
      trigger={['click']}
      onOpenChange={(open) => open && setOpened(true)}
      menu={{
        items,
        onClick: ({ key }) => {
          const [span, format] = key.split(':') as [RotaExportSpan, Format];
          void exportAs(span, format);
        },
      }}
    >
      <Button
        className="no-print"
        icon={<DownloadOutlined aria-hidden />}
        loading={downloading !== undefined}
      >
        Export <DownOutlined aria-hidden />
      </Button>
    </Dropdown>
  );
}
