import { BadRequestException } from '@nestjs/common';
import { fromBuffer as fileTypeFromBuffer } from 'file-type';
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

/** A Word 97–2003 file keeps its text in a compound-file stream of this name (UTF-16LE in the directory). */
const WORD_STREAM = Buffer.from('WordDocument', 'utf16le');

/**
 * What the bytes are, by their signature at offset 0 as file-type reads it: a PDF, a compound
 * (OLE2/CFB) file holding a Word document, or a Word Open XML zip (file-type walks the zip's entries
 * and says docx only for one with word/ parts). Text that merely mentions `%PDF-` somewhere, an
 * Excel or installer compound file, or any other zip is none of them.
 */
export async function sniffKind(content: Buffer): Promise<ProcedureFileKind | null> {
  const type = await fileTypeFromBuffer(content);
  switch (type?.ext) {
    case 'pdf':
      return 'pdf';
    case 'cfb':
      return content.includes(WORD_STREAM) ? 'doc' : null;
    case 'docx':
      return 'docx';
    default:
      return null;
  }
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
export async function checkProcedureFile(originalName: string, content: Buffer): Promise<{ fileName: string; kind: ProcedureFileKind }> {
  const fileName = cleanFileName(originalName);
  const kind = kindOfName(fileName);
  if (!kind) {
    throw new BadRequestException(`“${fileName || 'This file'}” can't be used: the procedure document must be a ${PROCEDURE_FILE_TYPES} file.`);
  }
  if (content.length === 0) throw new BadRequestException(`“${fileName}” is empty. Choose the document itself.`);
  const actual = await sniffKind(content);
  if (actual !== kind) {
    throw new BadRequestException(
      `“${fileName}” is not a real ${LABELS[kind]} document: its content doesn't match its name. ` +
        `Upload the document itself as a ${PROCEDURE_FILE_TYPES} file.`,
    );
  }
  return { fileName, kind };
}
