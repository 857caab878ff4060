import { DownOutlined, DownloadOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';

import { type DataFileKind, staffDataRequest } from '@/features/data-rights/api/subject-access';
import { useFileDownload } from '@/shared/ui/use-file-download';

import type { StaffRecord } from '../lib/staff-record';

const ITEMS: MenuProps['items'] = [
  { key: 'json', label: 'Data file (JSON)' },
  { key: 'summary', label: 'Readable summary (HTML)' },
];

/**
 * A staff row's "Download their data" (admins; docs/security.md, "Subject access"): everything
 * held about the person, a leaver or someone who never signed in too, as the JSON file or the
 * readable page. The server records each download in the activity log.
 */
export function StaffDataButton({ person }: { person: StaffRecord }) {
  const { downloading, download: downloadAs } = useFileDownload<DataFileKind>(
    `Failed to download the data held about ${person.name}`,
  );
  const download = (kind: DataFileKind) => downloadAs(kind, ...staffDataRequest(person.id, kind));

  return (
    <Dropdown
      trigger={['click']}
      menu={{ items: ITEMS, onClick: ({ key }) => void download(key as DataFileKind) }}
    >
      <Button
        size="small"
        icon={<DownloadOutlined aria-hidden />}
        loading={downloading !== undefined}
        aria-label={`Download the data held about ${person.name}`}
      >
        Download their data <DownOutlined aria-hidden />
      </Button>
    </Dropdown>
  );
}
