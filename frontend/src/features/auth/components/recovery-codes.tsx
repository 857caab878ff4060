import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Space } from 'antd';

import { saveBlob } from '@/shared/api/download-file';
import { useToast } from '@/shared/ui/toast';

export const RECOVERY_CODES_FILE = 'duty-manager-recovery-codes.txt';

interface RecoveryCodesProps {
  codes: string[];
  /** Whose codes they are, for the downloaded file. */
  account: { email: string; organization: string };
  /** The person says they have saved them; the codes are not shown again. */
  onDone: () => void;
}

/**
 * Recovery codes as the server answered them, the one time they are shown: to copy, download
 * or write down, each usable once instead of a code from the app.
 */
export function RecoveryCodes({ codes, account, onDone }: RecoveryCodesProps) {
  const toast = useToast();
  const text = codes.join('\n');

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      toast({
        variant: 'destructive',
        title: 'Error',
        description: 'Failed to copy the codes. Select them and copy them yourself.',
      });
      return;
    }
    toast({ title: 'Copied!', description: 'Recovery codes copied to clipboard' });
  };

  const download = () => {
    const file = [
      `Duty Manager recovery codes for ${account.email} (${account.organization})`,
      'Each code signs you in once instead of a code from your authenticator app.',
      '',
      text,
      '',
    ].join('\n');
    saveBlob(RECOVERY_CODES_FILE, new Blob([file], { type: 'text/plain' }));
  };

  return (
    <Flex vertical gap="middle">
      <Alert
        type="warning"
        showIcon
        title="Save your recovery codes"
        description="Each code signs you in once if you can't use your authenticator app, for example after losing your phone. They are shown only now: keep them somewhere safe, such as a password manager."
      />
      <ol
        aria-label="Recovery codes"
        style={{ columns: '2 12em', margin: 0, paddingInlineStart: 28, fontSize: 15 }}
      >
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <Space wrap>
        <Button icon={<CopyOutlined aria-hidden />} onClick={() => void copy()}>
          Copy codes
        </Button>
        <Button icon={<DownloadOutlined aria-hidden />} onClick={download}>
          Download codes
        </Button>
        <Button type="primary" onClick={onDone}>
          I have saved my recovery codes
        </Button>
      </Space>
    </Flex>
  );
}
