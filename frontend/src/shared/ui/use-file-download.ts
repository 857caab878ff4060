import { useCallback, useState } from 'react';

import { downloadFile } from '@/shared/api/download-file';
import { getServerMessage } from '@/shared/api/errors';

import { useToast } from './toast';

/**
 * A button's download of a file the API makes (an export): which download is under way (to show
 * it loading), and the download itself, which on a refusal shows the server's message — or
 * `failed` when there is none — as a failure toast instead of throwing.
 */
export function useFileDownload<Key extends string = string>(failed: string) {
  const toast = useToast();
  const [downloading, setDownloading] = useState<Key>();

  const download = useCallback(
    async (key: Key, request: Parameters<typeof downloadFile>[0], fallbackName: string) => {
      setDownloading(key);
      try {
        return await downloadFile(request, fallbackName);
      } catch (error) {
        toast({ variant: 'destructive', description: getServerMessage(error) ?? failed });
        return undefined;
      } finally {
        setDownloading(undefined);
      }
    },
    [toast, failed],
  );

  return { downloading, download };
}
