import { checkProcedureFile, cleanFileName, sniffKind } from './procedure-file';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
const DOC = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]);
const DOCX = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('....[Content_Types].xml....word/document.xml')]);
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200), Buffer.from('This program cannot be run in DOS mode')]);
const ZIP = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('....notes.txt')]);

describe('procedure document checks', () => {
  it('recognises PDF, Word 97 and Word Open XML by their content', () => {
    expect(sniffKind(PDF)).toBe('pdf');
    expect(sniffKind(DOC)).toBe('doc');
    expect(sniffKind(DOCX)).toBe('docx');
    expect(sniffKind(EXE)).toBeNull();
    expect(sniffKind(ZIP)).toBeNull();
  });

  it('accepts a document whose name and content agree', () => {
    expect(checkProcedureFile('Duty Procedures.PDF', PDF)).toEqual({ fileName: 'Duty Procedures.PDF', kind: 'pdf' });
    expect(checkProcedureFile('C:\\Users\\me\\guide.doc', DOC)).toEqual({ fileName: 'guide.doc', kind: 'doc' });
    expect(checkProcedureFile('../../guide.docx', DOCX)).toEqual({ fileName: 'guide.docx', kind: 'docx' });
  });

  it('refuses other extensions, empty files and programs renamed to .pdf, saying why', () => {
    expect(() => checkProcedureFile('setup.exe', EXE)).toThrow('“setup.exe” can\'t be used: the procedure document must be a .pdf, .doc or .docx file.');
    expect(() => checkProcedureFile('setup.pdf', EXE)).toThrow("“setup.pdf” is not a real PDF document: its content doesn't match its name.");
    expect(() => checkProcedureFile('notes.docx', ZIP)).toThrow('is not a real Word (.docx) document');
    expect(() => checkProcedureFile('guide.doc', PDF)).toThrow('is not a real Word (.doc) document');
    expect(() => checkProcedureFile('empty.pdf', Buffer.alloc(0))).toThrow('“empty.pdf” is empty.');
  });

  it('cleans names: no folders, quotes or control characters, at most 255 characters with the extension kept', () => {
    expect(cleanFileName('a/b/"evil"\u0000name.pdf')).toBe('evilname.pdf');
    const long = cleanFileName(`${'x'.repeat(300)}.docx`);
    expect(long).toHaveLength(255);
    expect(long.endsWith('.docx')).toBe(true);
  });
});
