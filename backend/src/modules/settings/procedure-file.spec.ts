import { compoundFile, doc, docx, zip } from '../../../test/support/office-files';
import { checkProcedureFile, cleanFileName, sniffKind } from './procedure-file';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
const DOC = doc();
const DOCX = docx();
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200), Buffer.from('This program cannot be run in DOS mode')]);
const ZIP = zip([['notes.txt', 'just notes']]);
/** What the old check accepted: the markers anywhere in the first kilobyte or anywhere in a zip. */
const HTML_MENTIONING_PDF = Buffer.from('<html><!-- %PDF-1.4 --><script>alert(document.domain)</script></html>');
const SVG_MENTIONING_PDF = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><!-- %PDF- --></svg>');
const ZIP_MENTIONING_WORD = zip([['readme.txt', '[Content_Types].xml word/document.xml']]);

describe('procedure document checks', () => {
  it('recognises PDF, Word 97 and Word Open XML by their signature', async () => {
    expect(await sniffKind(PDF)).toBe('pdf');
    expect(await sniffKind(DOC)).toBe('doc');
    expect(await sniffKind(DOCX)).toBe('docx');
    expect(await sniffKind(EXE)).toBeNull();
    expect(await sniffKind(ZIP)).toBeNull();
  });

  it('recognises nothing from markers that are not at the start or not the structure', async () => {
    expect(await sniffKind(HTML_MENTIONING_PDF)).toBeNull();
    expect(await sniffKind(SVG_MENTIONING_PDF)).toBeNull();
    expect(await sniffKind(Buffer.concat([Buffer.from(' '), PDF]))).toBeNull();
    expect(await sniffKind(ZIP_MENTIONING_WORD)).toBeNull();
    // A compound file that is a spreadsheet or an installer, not a Word document.
    expect(await sniffKind(compoundFile(['Workbook']))).toBeNull();
  });

  it('accepts a document whose name and content agree', async () => {
    expect(await checkProcedureFile('Duty Procedures.PDF', PDF)).toEqual({ fileName: 'Duty Procedures.PDF', kind: 'pdf' });
    expect(await checkProcedureFile('C:\\Users\\me\\guide.doc', DOC)).toEqual({ fileName: 'guide.doc', kind: 'doc' });
    expect(await checkProcedureFile('../../guide.docx', DOCX)).toEqual({ fileName: 'guide.docx', kind: 'docx' });
  });

  it('refuses other extensions, empty files and programs renamed to .pdf, saying why', async () => {
    await expect(checkProcedureFile('setup.exe', EXE)).rejects.toThrow('“setup.exe” can\'t be used: the procedure document must be a .pdf, .doc or .docx file.');
    await expect(checkProcedureFile('setup.pdf', EXE)).rejects.toThrow("“setup.pdf” is not a real PDF document: its content doesn't match its name.");
    await expect(checkProcedureFile('notes.docx', ZIP)).rejects.toThrow('is not a real Word (.docx) document');
    await expect(checkProcedureFile('guide.doc', PDF)).rejects.toThrow('is not a real Word (.doc) document');
    await expect(checkProcedureFile('empty.pdf', Buffer.alloc(0))).rejects.toThrow('“empty.pdf” is empty.');
  });

  it('cleans names: no folders, quotes or control characters, at most 255 characters with the extension kept', () => {
    expect(cleanFileName('a/b/"evil"\u0000name.pdf')).toBe('evilname.pdf');
    const long = cleanFileName(`${'x'.repeat(300)}.docx`);
    expect(long).toHaveLength(255);
    expect(long.endsWith('.docx')).toBe(true);
  });
});
