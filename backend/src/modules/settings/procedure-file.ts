import { BadRequestException } from '@nestjs/common';
import { fromBuffer as fileTypeFromBuffer } from 'file-type';
import type { ProcedureFileKind } from './entities/procedure-file.entity';
import { inspectWordBinary } from './word-binary-file';
import { inspectWordPackage } from './word-package-file';
import type { WordProblem } from './word-problem';

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

/** What to do instead, for every Word file refused for what it carries rather than what it is. */
const SAVE_AS_DOCX = 'Save it as a .docx document without macros (in Word: File › Save As › Word Document) and upload that.';

function wordProblemMessage(fileName: string, problem: Exclude<WordProblem, 'mismatch'>): string {
  if (problem === 'macros') return `“${fileName}” contains macros, which could run programs on the computer of everyone who opens it. ${SAVE_AS_DOCX}`;
  if (problem === 'template') return `“${fileName}” is a Word template, not a document. ${SAVE_AS_DOCX}`;
  if (problem === 'remote-link') {
    return (
      `“${fileName}” loads a template or object from another address when it is opened. ` +
      'Remove the link (in Word: File › Info › Edit Links to Files, or Developer › Document Template), ' +
      'then save it as a .docx document without macros and upload that.'
    );
  }
  return `“${fileName}” is packed in a way Word documents never are (${problem.packed}). Open it in Word, save it as a new .docx document without macros, and upload that.`;
}

/**
 * What is wrong with the content for the kind its name promises, if anything. A PDF is known by
 * its signature at offset 0 as file-type reads it (text that merely mentions `%PDF-` is not one);
 * Word files by their structure (word-binary-file.ts, word-package-file.ts).
 */
async function inspect(kind: ProcedureFileKind, content: Buffer): Promise<WordProblem | undefined> {
  switch (kind) {
    case 'pdf':
      return (await fileTypeFromBuffer(content))?.ext === 'pdf' ? undefined : 'mismatch';
    case 'doc':
      return inspectWordBinary(content);
    case 'docx':
      return inspectWordPackage(content);
  }
}

/** The kind a file name promises, or null for any other extension. */
export function kindOfName(fileName: string): ProcedureFileKind | null {
  const match = /\.(pdf|docx?)$/i.exec(fileName);
  return match ? (match[1]!.toLowerCase() as ProcedureFileKind) : null;
}

/**
 * Characters a name may not keep: C0 and C1 controls (CR, LF, NEL…), line and paragraph
 * separators, bidirectional controls (a right-to-left override shows "invoice<RLO>fdp.docx" as
 * "invoicexcod.pdf") and the characters Windows refuses in file names.
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this removes
const UNSAFE_IN_NAME = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069"<>|:*?]/g;
/** Half of a UTF-16 pair: a `filename*` in UTF-16 can decode to one, and PostgreSQL can't store it. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * A safe display and download name in any language: no folders, control or direction-changing
 * characters, in composed form (macOS sends "é" as "e" and an accent), and at most 255 UTF-16
 * units (the settings' limit), cut between characters and keeping the extension.
 */
export function cleanFileName(original: string): string {
  const base = original.normalize('NFC').split(/[\\/]/).pop() ?? '';
  const cleaned = base.replace(UNSAFE_IN_NAME, '').replace(LONE_SURROGATE, '').replace(/\s+/g, ' ').trim();
  if (cleaned.length <= 255) return cleaned;
  const dot = cleaned.lastIndexOf('.');
  const ext = dot > 0 ? cleaned.slice(dot) : '';
  let stem = cleaned.slice(0, 255 - ext.length);
  // Don't keep half of a character written as two UTF-16 units.
  if (/[\ud800-\udbff]$/.test(stem)) stem = stem.slice(0, -1);
  return stem + ext;
}

/**
 * Checks an upload by its name and by its content; the messages say what to do instead. A
 * program renamed to .pdf, a macro-enabled package renamed .docx or a zip bomb fails the
 * content check.
 */
export async function checkProcedureFile(originalName: string, content: Buffer): Promise<{ fileName: string; kind: ProcedureFileKind }> {
  const fileName = cleanFileName(originalName);
  const kind = kindOfName(fileName);
  if (!kind) {
    throw new BadRequestException(`“${fileName || 'This file'}” can't be used: the procedure document must be a ${PROCEDURE_FILE_TYPES} file.`);
  }
  if (content.length === 0) throw new BadRequestException(`“${fileName}” is empty. Choose the document itself.`);
  const problem = await inspect(kind, content);
  if (problem === 'mismatch') {
    throw new BadRequestException(
      `“${fileName}” is not a real ${LABELS[kind]} document: its content doesn't match its name. ` +
        `Upload the document itself as a ${PROCEDURE_FILE_TYPES} file.`,
    );
  }
  if (problem) throw new BadRequestException(wordProblemMessage(fileName, problem));
  return { fileName, kind };
}
