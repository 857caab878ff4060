import { Tabs, Typography } from 'antd';

import { SectionCard } from '@/shared/ui/section-card';
import { WRAPPING_TABS } from '@/shared/ui/wrapping-tabs';

import { dutyCalendarFileName } from '../lib/calendar-file';

const STEPS_STYLE = { margin: 0, paddingInlineStart: 24 } as const;

/**
 * docs/product.md#export-to-calendar, My Rota: step-by-step guides for importing the exported file into Outlook on the
 * desktop, on the web and on a phone. The page shows them only when there are duties to export.
 */
export function OutlookImportGuides({ name }: { name: string }) {
  const file = <Typography.Text code>{dutyCalendarFileName(name)}</Typography.Text>;
  const exportButton = <strong>Export to Calendar</strong>;

  const items = [
    {
      key: 'desktop',
      label: 'Outlook desktop',
      children: (
        <ol aria-label="Import steps for Outlook desktop" style={STEPS_STYLE}>
          <li>
            Click {exportButton} to download {file}.
          </li>
          <li>
            In Outlook for Windows, choose{' '}
            <strong>File &gt; Open &amp; Export &gt; Import/Export</strong>.
          </li>
          <li>
            Choose <strong>Import an iCalendar (.ics) or vCalendar file (.vcs)</strong> and select{' '}
            <strong>Next</strong>.
          </li>
          <li>
            Select the downloaded file and choose <strong>Import</strong> to add the duties to your
            calendar, or <strong>Open as New</strong> to keep them in a separate calendar.
          </li>
        </ol>
      ),
    },
    {
      key: 'web',
      label: 'Outlook on the web',
      children: (
        <ol aria-label="Import steps for Outlook on the web" style={STEPS_STYLE}>
          <li>Download the file with {exportButton}.</li>
          <li>
            Open Outlook on the web (outlook.office.com) and go to <strong>Calendar</strong>.
          </li>
          <li>
            Select <strong>Add calendar &gt; Upload from file</strong>.
          </li>
          <li>
            Browse to {file}, choose the calendar to add it to, and select <strong>Import</strong>.
          </li>
        </ol>
      ),
    },
    {
      key: 'mobile',
      label: 'Outlook mobile',
      children: (
        <>
          <Typography.Paragraph>
            Outlook for iOS and Android can&apos;t import .ics files directly.
          </Typography.Paragraph>
          <ol aria-label="Import steps for Outlook mobile" style={STEPS_STYLE}>
            <li>
              On a computer, import the file with Outlook on the web (the steps above): it syncs to
              the app.
            </li>
            <li>
              Or, to stay up to date automatically, copy the <strong>My duties</strong> subscription
              link from the Dashboard&apos;s Calendar Subscription card, then in Outlook on the web
              choose <strong>Add calendar &gt; Subscribe from web</strong>, paste it, and select{' '}
              <strong>Import</strong>.
            </li>
            <li>Open the Outlook app: the calendar appears under your account&apos;s calendars.</li>
          </ol>
        </>
      ),
    },
  ];

  return (
    <SectionCard title="Import into Outlook">
      <Typography.Paragraph type="secondary">
        An exported file is a snapshot: later changes to the rota are not in it. The subscription
        link on the Dashboard keeps calendars up to date instead.
      </Typography.Paragraph>
      <Tabs className={WRAPPING_TABS} items={items} />
    </SectionCard>
  );
}
