import { saveBlob } from '@/shared/api/download-file';

/*
 * The light half of the calendar export: the file's name and the download. The page and the
 * Outlook guides use the name without loading the calendar builder (and `ics` with it).
 */

/** Characters Windows, macOS or Linux refuse in a file name, and control characters. */
// eslint-disable-next-line no-control-regex
const UNSAFE_FILE_NAME_CHARACTERS = /[/\\:*?"<>|\u0000-\u001f]/g;

/** docs/product.md#export-to-calendar: "duty-rota-" plus the name, ending .ics; spaces and accents are kept. */
export function dutyCalendarFileName(name: string): string {
  return `duty-rota-${name.replace(UNSAFE_FILE_NAME_CHARACTERS, '-').trim()}.ics`;
}

/** Saves `text` as a file through the browser's download, without a round trip to the server. */
export function downloadTextFile(filename: string, text: string, type: string): void {
  saveBlob(filename, new Blob([text], { type }));
}
