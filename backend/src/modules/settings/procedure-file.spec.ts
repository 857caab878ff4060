import { randomBytes } from 'node:crypto';
import {
  compound,
  compoundFile,
  deflatedZeros,
  doc,
  docm,
  docx,
  docxWithHyperlink,
  docxWithRemoteTemplate,
  relationships,
  contentTypes,
  WORD_MAIN,
  WORD_TEMPLATE_MAIN,
  wordFib,
  zip,
} from '../../../test/support/office-files';
import { checkProcedureFile, cleanFileName } from './procedure-file';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200), Buffer.from('This program cannot be run in DOS mode')]);
const ZIP = zip([['notes.txt', 'just notes']]);
/** What the old check accepted: the markers anywhere in the first kilobyte or anywhere in a zip. */
const HTML_MENTIONING_PDF = Buffer.from('<html><!-- %PDF-1.4 --><script>alert(document.domain)</script></html>');
const SVG_MENTIONING_PDF = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><!-- %PDF- --></svg>');
const ZIP_MENTIONING_WORD = zip([['readme.txt', '[Content_Types].xml word/document.xml']]);
const MiB = 1024 * 1024;

const kindOf = async (name: string, content: Buffer) => (await checkProcedureFile(name, content)).kind;
const refusal = (name: string, content: Buffer) =>
  checkProcedureFile(name, content).then(
    (ok) => `accepted as ${ok.kind}`,
    (err: Error) => err.message,
  );
const notReal = (name: string, label: string) =>
  `“${name}” is not a real ${label} document: its content doesn't match its name. Upload the document itself as a .pdf, .doc or .docx file.`;
const SAVE_AS_DOCX = 'Save it as a .docx document without macros (in Word: File › Save As › Word Document) and upload that.';

describe('procedure document checks', () => {
  it('accepts a document whose name and content agree', async () => {
    expect(await checkProcedureFile('Duty Procedures.PDF', PDF)).toEqual({ fileName: 'Duty Procedures.PDF', kind: 'pdf' });
    expect(await checkProcedureFile('C:\\Users\\me\\guide.doc', doc())).toEqual({ fileName: 'guide.doc', kind: 'doc' });
    expect(await checkProcedureFile('../../guide.docx', docx())).toEqual({ fileName: 'guide.docx', kind: 'docx' });
    // Word compresses its parts; a table stream 0Table is as good as 1Table; links to web pages are fine.
    expect(await kindOf('guide.docx', docx({ deflate: true, text: 'x'.repeat(50_000) }))).toBe('docx');
    expect(await kindOf('guide.doc', compound({ WordDocument: wordFib({ table: 0 }), '0Table': Buffer.alloc(512) }))).toBe('doc');
    expect(await kindOf('links.docx', docxWithHyperlink())).toBe('docx');
  });

  it('refuses other extensions, empty files and programs renamed to .pdf, saying why', async () => {
    expect(await refusal('setup.exe', EXE)).toBe("“setup.exe” can't be used: the procedure document must be a .pdf, .doc or .docx file.");
    expect(await refusal('setup.pdf', EXE)).toBe(notReal('setup.pdf', 'PDF'));
    expect(await refusal('notes.docx', ZIP)).toBe(notReal('notes.docx', 'Word (.docx)'));
    expect(await refusal('guide.doc', PDF)).toBe(notReal('guide.doc', 'Word (.doc)'));
    expect(await refusal('empty.pdf', Buffer.alloc(0))).toBe('“empty.pdf” is empty. Choose the document itself.');
  });

  it('recognises nothing from markers that are not at the start or not the structure', async () => {
    expect(await refusal('page.pdf', HTML_MENTIONING_PDF)).toBe(notReal('page.pdf', 'PDF'));
    expect(await refusal('drawing.pdf', SVG_MENTIONING_PDF)).toBe(notReal('drawing.pdf', 'PDF'));
    expect(await refusal('late.pdf', Buffer.concat([Buffer.from(' '), PDF]))).toBe(notReal('late.pdf', 'PDF'));
    expect(await refusal('notes.docx', ZIP_MENTIONING_WORD)).toBe(notReal('notes.docx', 'Word (.docx)'));
  });

  describe('Word 97–2003 (.doc): a real compound file with a Word stream in its root', () => {
    it('refuses compound files that merely hold the bytes of a Word stream name, or hold another program’s streams', async () => {
      const impostors: [string, Buffer][] = [
        // The bytes of a header and a directory naming WordDocument, but no allocation table.
        ['bytes.doc', compoundFile(['WordDocument', '1Table'])],
        ['bytes-later.doc', Buffer.concat([compound({ Workbook: Buffer.alloc(600) }), Buffer.from('WordDocument', 'utf16le')])],
        ['sheet.doc', compound({ Workbook: Buffer.alloc(600) })],
        ['nested.doc', compound({ 'Inner/WordDocument': wordFib(), '1Table': Buffer.alloc(512) })],
        ['no-fib.doc', compound({ WordDocument: Buffer.alloc(1472), '1Table': Buffer.alloc(512) })],
        ['no-table.doc', compound({ WordDocument: wordFib({ table: 1 }), '0Table': Buffer.alloc(512) })],
        ['zip.doc', docx()],
      ];
      for (const [name, content] of impostors) expect(await refusal(name, content)).toBe(notReal(name, 'Word (.doc)'));
    });

    it('refuses macros and templates, saying to save a .docx without macros', async () => {
      expect(await refusal('macros.doc', doc({ macros: true }))).toBe(
        `“macros.doc” contains macros, which could run programs on the computer of everyone who opens it. ${SAVE_AS_DOCX}`,
      );
      expect(await refusal('letter.doc', doc({ template: true }))).toBe(`“letter.doc” is a Word template, not a document. ${SAVE_AS_DOCX}`);
    });
  });

  describe('Word Open XML (.docx): a package whose main part is a WordprocessingML document', () => {
    it('refuses macro-enabled documents and templates renamed .docx, and any package carrying a VBA project', async () => {
      const macros = (name: string) => `“${name}” contains macros, which could run programs on the computer of everyone who opens it. ${SAVE_AS_DOCX}`;
      expect(await refusal('renamed.docx', docm())).toBe(macros('renamed.docx'));
      expect(await refusal('hidden.docx', docx({ extra: [{ name: 'word/vbaProject.bin', content: Buffer.alloc(64) }] }))).toBe(macros('hidden.docx'));
      expect(await refusal('typed.docx', docx({ overrides: { '/word/vbaData.xml': 'application/vnd.ms-word.vbaData+xml' } }))).toBe(macros('typed.docx'));
      expect(await refusal('template.docx', docx({ mainType: WORD_TEMPLATE_MAIN }))).toBe(`“template.docx” is a Word template, not a document. ${SAVE_AS_DOCX}`);
      expect(await refusal('macro-template.docx', docx({ mainType: 'application/vnd.ms-word.template.macroEnabledTemplate.main+xml' }))).toBe(
        macros('macro-template.docx'),
      );
    });

    it('refuses a template or object fetched from another address when the document opens', async () => {
      for (const target of ['https://attacker.example/t.dotm', '\\\\fileserver\\share\\t.dotx', 'file://fileserver/share/t.dotx']) {
        expect(await refusal('injected.docx', docxWithRemoteTemplate(target))).toBe(
          '“injected.docx” loads a template or object from another address when it is opened. ' +
            'Remove the link (in Word: File › Info › Edit Links to Files, or Developer › Document Template), ' +
            'then save it as a .docx document without macros and upload that.',
        );
      }
    });

    it('requires the WordprocessingML main part that the package names', async () => {
      const types = contentTypes({ '/word/document.xml': WORD_MAIN });
      const rels = relationships([{ type: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument', target: 'word/document.xml' }]);
      const body = '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body/></w:document>';
      const impostors: [string, Buffer][] = [
        ['no-rels.docx', zip([['[Content_Types].xml', types], ['word/document.xml', body]])],
        ['no-types.docx', zip([['_rels/.rels', rels], ['word/document.xml', body]])],
        ['no-main.docx', zip([['[Content_Types].xml', types], ['_rels/.rels', rels]])],
        ['sheet.docx', zip([['[Content_Types].xml', contentTypes({ '/word/document.xml': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml' })], ['_rels/.rels', rels], ['word/document.xml', body]])],
        ['doctype.docx', zip([['[Content_Types].xml', types.replace('<Types', '<!DOCTYPE t [<!ENTITY a "b">]><Types')], ['_rels/.rels', rels], ['word/document.xml', body]])],
        ['twice.docx', zip([['[Content_Types].xml', types], ['_rels/.rels', rels], ['word/document.xml', body], ['word/document.xml', body]])],
        ['traversal.docx', zip([['[Content_Types].xml', types], ['_rels/.rels', rels], ['word/document.xml', body], ['../../evil.xml', body]])],
        ['truncated.docx', docx().subarray(0, 400)],
        ['doc.docx', doc()],
      ];
      for (const [name, content] of impostors) expect({ name, message: await refusal(name, content) }).toEqual({ name, message: notReal(name, 'Word (.docx)') });
    });

    it('bounds what the package expands to, from its directory, without expanding it', async () => {
      const packed = (name: string, why: string) =>
        `“${name}” is packed in a way Word documents never are (${why}). Open it in Word, save it as a new .docx document without macros, and upload that.`;
      // 2 MB that expands to 2 GiB, sizes stated honestly: refused from the directory alone.
      const bomb = docx({ extra: [{ name: 'word/media/image1.png', deflated: deflatedZeros(2048), declaredSize: 2048 * MiB }] });
      expect(bomb.length).toBeLessThan(2.5 * MiB);
      const started = process.hrtime.bigint();
      expect(await refusal('bomb.docx', bomb)).toBe(packed('bomb.docx', 'it would expand to more than 100 MB'));
      // Expanding 2 GiB takes seconds; reading the directory, milliseconds.
      expect(Number(process.hrtime.bigint() - started) / 1e6).toBeLessThan(1000);
      // Many parts that each look ordinary (4 MB from 64 KB), adding up to more than 100 MB.
      const parts = Array.from({ length: 30 }, (_, i) => ({ name: `word/media/image${i}.png`, deflated: randomBytes(64 * 1024), declaredSize: 4 * MiB }));
      expect(await refusal('sum.docx', docx({ extra: parts }))).toBe(packed('sum.docx', 'it would expand to more than 100 MB'));
      // One part that expands a thousand times.
      expect(await refusal('ratio.docx', docx({ extra: [{ name: 'word/media/a.png', deflated: deflatedZeros(8), declaredSize: 8 * MiB }] }))).toBe(
        packed('ratio.docx', 'a part expands more than 100 times'),
      );
      const many = Array.from({ length: 1001 }, (_, i) => ({ name: `word/media/p${i}.xml`, content: '<a/>' }));
      expect(await refusal('many.docx', docx({ extra: many }))).toBe(packed('many.docx', 'it holds more than 1,000 parts'));
      // Sizes that lie: the directory says 1 KB, the data expands to 64 MiB; stopped after the first KB.
      expect(await refusal('liar.docx', docx({ extra: [{ name: 'word/media/b.png', deflated: deflatedZeros(64), declaredSize: 1024 }] }))).toBe(
        packed('liar.docx', 'a part is larger than its recorded size'),
      );
    });
  });

  describe('file names', () => {
    it('keeps letters of any language, in their composed form', () => {
      expect(cleanFileName('résumé.PDF')).toBe('résumé.PDF');
      expect(cleanFileName('re\u0301sume\u0301.pdf')).toBe('résumé.pdf');
      expect(cleanFileName('Дежурства 2025 — 日本語.docx')).toBe('Дежурства 2025 — 日本語.docx');
    });

    it('removes folders, quotes, control and direction-changing characters, keeping at most 255 characters and the extension', () => {
      expect(cleanFileName('a/b/"evil"\u0000name.pdf')).toBe('evilname.pdf');
      expect(cleanFileName('line\r\nbreak\u0085\u2028.pdf')).toBe('linebreak.pdf');
      expect(cleanFileName('half\ud800 pair\udc00.pdf')).toBe('half pair.pdf');
      // A right-to-left override would show "invoice<RLO>fdp.docx" as "invoicexcod.pdf".
      expect(cleanFileName('invoice\u202efdp.docx')).toBe('invoicefdp.docx');
      const long = cleanFileName(`${'x'.repeat(300)}.docx`);
      expect(long).toHaveLength(255);
      expect(long.endsWith('.docx')).toBe(true);
      // Cut between characters, never inside one (an emoji is two UTF-16 units, as the length counts).
      const emoji = cleanFileName(`${'😀'.repeat(200)}.pdf`);
      expect(emoji).toBe(`${'😀'.repeat(125)}.pdf`);
    });
  });
});
