import { posix } from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import * as yauzl from 'yauzl';
import type { WordProblem } from './word-problem';

const MB = 1024 * 1024;
/**
 * What a .docx may expand to. Word documents are tens of parts and expand a few times (text) or
 * not at all (pictures); a procedure document of 10 MB is far inside these.
 */
export const PACKAGE_LIMITS = {
  entries: 1000,
  expandedBytes: 100 * MB,
  /** A part larger than `ratioFrom` may expand at most `ratio` times its packed size. */
  ratio: 100,
  ratioFrom: 1 * MB,
  /** [Content_Types].xml and each .rels part. */
  xmlPartBytes: 1 * MB,
};

const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const CONTENT_TYPES = '[content_types].xml';
const WORD_MAIN = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml';
const WORD_TEMPLATE_MAIN = 'application/vnd.openxmlformats-officedocument.wordprocessingml.template.main+xml';
/** Content types of macro-enabled main parts (.docm, .dotm) and of VBA projects and their data. */
const MACRO_TYPE = /macroenabled|vbaproject|vbadata/i;
const MACRO_PART = /(^|\/)vba(project\.bin|data\.xml)$/i;
/** The package relationship to the main part, in Transitional and Strict Open XML. */
const OFFICE_DOCUMENT = new Set([
  'http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument',
  'http://purl.oclc.org/ooxml/officeDocument/relationships/officeDocument',
]);
/** A link to a web page is what a document shows; anything else external Word fetches as it opens. */
const HYPERLINK = /\/hyperlink$/;
/** Targets Word would fetch from elsewhere: web and file-share addresses (local paths stay local). */
const REMOTE_TARGET = /^\s*(?:[a-z][a-z0-9+.-]*:\/\/(?!\/)|\\\\|\/\/|(?:https?|ftp|mhtml|ms-[a-z-]+):)/i;

const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  removeNSPrefix: true,
  // Only the five predefined entities: a package part may not declare others (ECMA-376-2, M1.17).
  processEntities: true,
  isArray: (name) => name === 'Default' || name === 'Override' || name === 'Relationship',
});

class NotWord extends Error {}

/**
 * Checks a Word Open XML (.docx) file by its structure, read with `yauzl` from the zip's central
 * directory: its expanded size is bounded before anything is expanded (a 2 MB zip that would
 * expand to 2 GiB is refused from its directory), then every part is inflated and discarded so
 * that sizes that lie are caught too, after at most the stated sizes (a client that trusts the
 * directory would otherwise expand more than it says). The package must name a WordprocessingML
 * document as its main part; macro-enabled documents and templates (a .docm or .dotm renamed),
 * any VBA project, and templates or objects fetched from another address when the document
 * opens (template injection) are refused.
 */
export async function inspectWordPackage(content: Buffer): Promise<WordProblem | undefined> {
  if (!content.subarray(0, 4).equals(ZIP_SIGNATURE)) return 'mismatch';
  let zip: yauzl.ZipFile;
  try {
    // strictFileNames: names with backslashes are refused, as are absolute and ../ names (always).
    zip = await yauzl.fromBufferPromise(content, { strictFileNames: true, validateEntrySizes: true });
  } catch {
    return 'mismatch';
  }
  try {
    return await inspectEntries(zip);
  } catch (err) {
    if (err instanceof NotWord) return 'mismatch';
    // yauzl's check of the stated sizes while inflating.
    if (err instanceof Error && /^too many bytes in the stream/.test(err.message)) return { packed: 'a part is larger than its recorded size' };
    return 'mismatch';
  } finally {
    zip.close();
  }
}

async function inspectEntries(zip: yauzl.ZipFile): Promise<WordProblem | undefined> {
  if (zip.entryCount > PACKAGE_LIMITS.entries) return { packed: `it holds more than ${PACKAGE_LIMITS.entries.toLocaleString('en-GB')} parts` };
  const entries = new Map<string, yauzl.Entry>();
  let expanded = 0;
  for await (const entry of zip.eachEntry()) {
    expanded += entry.uncompressedSize;
    if (expanded > PACKAGE_LIMITS.expandedBytes) return { packed: `it would expand to more than ${PACKAGE_LIMITS.expandedBytes / MB} MB` };
    if (entry.uncompressedSize > PACKAGE_LIMITS.ratioFrom && entry.uncompressedSize > entry.compressedSize * PACKAGE_LIMITS.ratio) {
      return { packed: `a part expands more than ${PACKAGE_LIMITS.ratio} times` };
    }
    // Part names compare case-insensitively (ECMA-376-2); two entries for one part are ambiguous.
    const name = entry.fileName.toLowerCase();
    if (entries.has(name)) return 'mismatch';
    entries.set(name, entry);
  }
  if ([...entries.keys()].some((name) => MACRO_PART.test(name))) return 'macros';

  const xmlParts = new Map<string, unknown>();
  for (const [name, entry] of entries) {
    const keep = name === CONTENT_TYPES || name.endsWith('.rels');
    if (keep && entry.uncompressedSize > PACKAGE_LIMITS.xmlPartBytes) return 'mismatch';
    const chunks: Buffer[] = [];
    for await (const chunk of await zip.openReadStreamPromise(entry)) if (keep) chunks.push(chunk as Buffer);
    if (keep) xmlParts.set(name, parseXml(Buffer.concat(chunks)));
  }

  const types = contentTypesOf(xmlParts.get(CONTENT_TYPES));
  if ([...types.defaults.values(), ...types.overrides.values()].some((type) => MACRO_TYPE.test(type))) return 'macros';
  const main = mainPartOf(xmlParts.get('_rels/.rels'));
  if (!main || !entries.has(main)) return 'mismatch';
  const mainType = types.overrides.get(main) ?? types.defaults.get(posix.extname(main).slice(1));
  if (mainType === WORD_TEMPLATE_MAIN) return 'template';
  if (mainType !== WORD_MAIN) return 'mismatch';
  for (const [name, rels] of xmlParts) if (name.endsWith('.rels') && fetchesFromElsewhere(rels)) return 'remote-link';
  return undefined;
}

function parseXml(bytes: Buffer): unknown {
  const text = decodeXml(bytes);
  if (/<!DOCTYPE/i.test(text) || XMLValidator.validate(text) !== true) throw new NotWord();
  return xml.parse(text);
}

/** Package XML is UTF-8 or UTF-16 with a byte-order mark (ECMA-376-2, M1.17). */
function decodeXml(bytes: Buffer): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

type Attributes = Record<string, unknown>;
const list = (parent: unknown, name: string): Attributes[] => {
  const items = (parent as Record<string, unknown> | undefined)?.[name];
  return Array.isArray(items) ? (items as Attributes[]) : [];
};
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

function contentTypesOf(parsed: unknown): { defaults: Map<string, string>; overrides: Map<string, string> } {
  const root = (parsed as Record<string, unknown> | undefined)?.Types;
  if (!root) throw new NotWord();
  return {
    defaults: new Map(list(root, 'Default').map((d) => [text(d.Extension).toLowerCase(), text(d.ContentType)])),
    // Part names are absolute ("/word/document.xml"); zip entry names have no leading slash.
    overrides: new Map(list(root, 'Override').map((o) => [text(o.PartName).replace(/^\//, '').toLowerCase(), text(o.ContentType)])),
  };
}

/** The zip entry name of the part the package's relationships call its main document. */
function mainPartOf(parsed: unknown): string | undefined {
  const rel = list((parsed as Record<string, unknown> | undefined)?.Relationships, 'Relationship').find((r) => OFFICE_DOCUMENT.has(text(r.Type)));
  if (!rel || text(rel.TargetMode) === 'External') return undefined;
  const target = posix.normalize(`/${decodeURIComponent(text(rel.Target))}`);
  return target.slice(1).toLowerCase();
}

function fetchesFromElsewhere(parsed: unknown): boolean {
  return list((parsed as Record<string, unknown> | undefined)?.Relationships, 'Relationship').some(
    (r) => text(r.TargetMode) === 'External' && !HYPERLINK.test(text(r.Type)) && REMOTE_TARGET.test(text(r.Target)),
  );
}
