import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Typography } from 'antd';
import { useState } from 'react';

import { getServerMessage } from '@/shared/api/errors';
import { SectionCard } from '@/shared/ui/section-card';

import { type DataFileKind, downloadMyData } from '../api/subject-access';

export const YOUR_DATA_TITLE = 'Your data';

const FAILED = 'Your data could not be downloaded. Please try again.';

/**
 * The Account page's "Your data" card (docs/security.md, "Subject access"): the signed-in person
 * downloads everything the school holds about them in Duty Manager, as a JSON file for other
 * programs or as a readable page to open or print. One download at a time; a refusal shows here.
 */
export function YourDataCard() {
  const [pending, setPending] = useState<DataFileKind>();
  const [error, setError] = useState<string>();

  const download = async (kind: DataFileKind) => {
    setPending(kind);
    setError(undefined);
    try {
      await downloadMyData(kind);
    } catch (failure) {
      setError(getServerMessage(failure) ?? FAILED);
    } finally {
      setPending(undefined);
    }
  };

  return (
    <SectionCard title={YOUR_DATA_TITLE}>
      <Typography.Paragraph>
        Download everything held about you here: your profile, duties, requests, notifications,
        unavailability, the emails sent to you and the activity log entries about you. The readable
        summary opens in a browser and can be printed; the data file is for other programs.
      </Typography.Paragraph>
      {error && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={error}
          style={{ marginBottom: 16 }}
          closable={{ onClose: () => setError(undefined), 'aria-label': 'Dismiss' }}
        />
      )}
      <Flex wrap gap="small">
        <Button
          type="primary"
          icon={<DownloadOutlined aria-hidden />}
          loading={pending === 'json'}
          disabled={pending === 'summary'}
          onClick={() => void download('json')}
        >
          Download my data
        </Button>
        <Button
          icon={<DownloadOutlined aria-hidden />}
          loading={pending === 'summary'}
          disabled={pending === 'json'}
          onClick={() => void download('summary')}
        >
          Download a readable summary
        </Button>
      </Flex>
    </SectionCard>
  );
}
