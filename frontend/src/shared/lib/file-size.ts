import { formatDecimal } from './number-format';

/** "850 bytes", "245 KB", "2.5 MB". */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${formatDecimal(bytes / (1024 * 1024))} MB`;
}
