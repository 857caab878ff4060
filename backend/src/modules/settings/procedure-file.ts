import { BadRequestException } from '@nestjs/common';
import type { ProcedureFileKind } from './entities/procedure-file.entity';

export const PROCEDURE_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const PROCEDURE_FILE_TYPES = '.pdf, .doc or .docx';

const CONTENT_TYPES: Record<ProcedureFileKind, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};
const LABELS: Record<ProcedureFileKind, string> = { pdf: 'PDF', doc: 'Word (.doc)', docx: 'Word (.docx)' };

export function contentTypeOf(kind: ProcedureFileKind): string {
  return CONTENT_TYPES[kind];
}

const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** What the bytes are, by their signature: PDF, an OLE2 Word file, or a Word Open XML zip. */
export function sniffKind(content: Buffer): ProcedureFileKind | null {
  if (content.subarray(0, 1024).includes('%PDF-')) return 'pdf';
  if (content.subarray(0, 8).equals(OLE2)) return 'doc';
  // A .docx is a zip whose entry names (stored uncompressed) include [Content_Types].xml and word/.
  if (content.subarray(0, 4).equals(ZIP) && content.includes('[Content_Types].xml') && content.includes('word/')) return 'docx';
  return null;
}

/** The kind a file name promises, or null for any other extension. */
export function kindOfName(fileName: string): ProcedureFileKind | null {
  const match = /\.(pdf|docx?)$/i.exec(fileName);
  return match ? (match[1]!.toLowerCase() as ProcedureFileKind) : null;
}

/** A safe display and download name: no folders or control characters, at most 255 characters. */
export function cleanFileName(original: string): string {
  const base = original.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const cleaned = base.replace(/[\u0000-\u001f\u007f"<>|:*?]/g, '').replace(/\s+/g, ' ').trim();
  if (cleaned.length <= 255) return cleaned;
  const dot = cleaned.lastIndexOf('.');
  const ext = dot > 0 ? cleaned.slice(dot) : '';
  return cleaned.slice(0, 255 - ext.length) + ext;
}

/**
 * Checks an upload by its name and by its content; the messages say what to do instead. A
 * program renamed to .pdf fails the content check.
 */
export function checkProcedureFile(originalName: string, content: Buffer): { fileName: string; kind: ProcedureFileKind } {
  const fileName = cleanFileName(originalName);
  const kind = kindOfName(fileName);
  if (!kind) {
    throw new BadRequestException(`“${fileName || 'This file'}” can't be used: the procedure document must be a ${PROCEDURE_FILE_TYPES} file.`);
  }
  if (content.length === 0) throw new BadRequestException(`“${fileName}” is empty. Choose the document itself.`);
  const actual = sniffKind(content);
  if (actual !== kind) {
    throw new BadRequestException(
      `“${fileName}” is not a real ${LABELS[kind]} document: its content doesn't match its name. ` +
        `Upload the document itself as a ${PROCEDURE_FILE_TYPES} file.`,
    );
  }
  return { fileName, kind };
}
