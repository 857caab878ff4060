import { downloadFile } from '@/shared/api/download-file';

/** The two files of subject access (docs/security.md, "Subject access"): the JSON document, or the readable page. */
export type DataFileKind = 'json' | 'summary';

const SUFFIX: Record<DataFileKind, string> = { json: '', summary: '/summary' };
const FALLBACK_NAME: Record<DataFileKind, string> = {
  json: 'my-data.json',
  summary: 'my-data.html',
};

/**
 * Downloads everything held about the signed-in person, named as the server says
 * (`my-data-<date>.json` or `.html`). A refusal is thrown as the endpoints' `ApiError`.
 */
export function downloadMyData(kind: DataFileKind): Promise<string> {
  return downloadFile({ url: `/api/me/data${SUFFIX[kind]}` }, FALLBACK_NAME[kind]);
}

/**
 * An admin's download of everything held about a staff member of the organisation (a leaver
 * too): the request and the file name to fall back on, for `useFileDownload`.
 */
export function staffDataRequest(
  staffId: string,
  kind: DataFileKind,
): [request: { url: string }, fallbackName: string] {
  return [
    { url: `/api/staff/${encodeURIComponent(staffId)}/data${SUFFIX[kind]}` },
    FALLBACK_NAME[kind],
  ];
}
