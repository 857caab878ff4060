import * as CFB from 'cfb';
import type { WordProblem } from './word-problem';

const CFB_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const STREAM = 2;
/** FibBase ([MS-DOC] 2.5.2): wIdent 0xA5EC marks Word 97 and later; flags at offset 10. */
const FIB_BASE_BYTES = 32;
const WORD_97_IDENT = 0xa5ec;
const FIB_TEMPLATE = 0x0001;
const FIB_TABLE_1 = 0x0200;
/** Storages of a VBA project: Word's `Macros`, Office's `_VBA_PROJECT_CUR` (names compare case-insensitively). */
const MACRO_STORAGES = new Set(['MACROS', '_VBA_PROJECT_CUR', 'VBA']);

/**
 * Checks a Word 97–2003 (.doc) file by its structure, read with `cfb`: a compound file whose
 * root holds a `WordDocument` stream starting with Word's FIB, and the table stream the FIB
 * names. Having the bytes `WordDocument` somewhere is not enough. A VBA project anywhere in it
 * (macros) and a template (the FIB's fDot) are refused: a document that runs code or that
 * Word opens as a template is not a procedure to read.
 */
export function inspectWordBinary(content: Buffer): WordProblem | undefined {
  // cfb also reads zips and other containers; only a compound file is a .doc.
  if (content.length < 512 || !content.subarray(0, 8).equals(CFB_SIGNATURE)) return 'mismatch';
  let container: CFB.CFB$Container;
  try {
    container = CFB.read(content, { type: 'buffer' });
  } catch {
    return 'mismatch';
  }
  // FullPaths are "Root Entry/<name>" for the root's children, storages ending in "/".
  const entries = container.FullPaths.map((path, i) => ({ names: path.split('/').filter(Boolean).slice(1), entry: container.FileIndex[i]! }));
  const rootStream = (name: string) =>
    entries.find((e) => e.names.length === 1 && e.names[0]!.toUpperCase() === name.toUpperCase() && e.entry.type === STREAM)?.entry;
  const word = rootStream('WordDocument');
  if (!word?.content || word.content.length < FIB_BASE_BYTES) return 'mismatch';
  const fib = Buffer.from(word.content as Uint8Array);
  if (fib.readUInt16LE(0) !== WORD_97_IDENT) return 'mismatch';
  const flags = fib.readUInt16LE(10);
  if (!rootStream(flags & FIB_TABLE_1 ? '1Table' : '0Table')) return 'mismatch';
  if (entries.some((e) => e.names.some((name) => MACRO_STORAGES.has(name.toUpperCase())))) return 'macros';
  if (flags & FIB_TEMPLATE) return 'template';
  return undefined;
}
