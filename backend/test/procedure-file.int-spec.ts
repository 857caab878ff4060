import type { Response } from 'superagent';
import { bearer, registerOrganization, type Account } from './support/accounts';
import { memberWithRole } from './support/members';
import { compoundFile, deflatedZeros, doc, docm, docx, docxWithRemoteTemplate } from './support/office-files';
import { createTestApp, type TestApp } from './support/test-app';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
const MiB = 1024 * 1024;
/** The body as bytes, whatever its type (superagent leaves e.g. application/msword unparsed). */
const bytes = (res: Response, done: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

/**
 * The procedure document over HTTP (docs/security.md, "Uploads"): real multipart uploads of real
 * Word files and of files dressed up as them, names in any language from upload to download, and
 * download links that work only on their own school's address.
 */
describe('procedure document: uploads, names and download links', () => {
  describe('uploads (one host)', () => {
    let t: TestApp;
    let admin: Account;

    beforeAll(async () => {
      t = await createTestApp();
      admin = await registerOrganization(t);
    });
    afterAll(() => t.close());

    const upload = (name: string, content: Buffer) => t.http().post('/api/settings/procedure-file').set(...bearer(admin.token)).attach('file', content, name);
    const current = async () => {
      const res = await t.http().get('/api/settings/procedure-file').set(...bearer(admin.token)).buffer(true).parse(bytes).expect(200);
      return { disposition: res.headers['content-disposition'] as string, content: res.body as Buffer };
    };
    const linkDownload = async () => {
      const link = await t.http().get('/api/settings/procedure-file/link').set(...bearer(admin.token)).expect(200);
      return t.http().get(link.body.url as string).buffer(true).expect(200);
    };

    it('stores real Word files and refuses files dressed up as them, keeping the current document', async () => {
      const real = doc();
      await upload('Guide.doc', real).expect(200);
      const macros = 'Save it as a .docx document without macros';
      const refused: [name: string, content: Buffer, why: string, advice: string][] = [
        ['bytes.doc', compoundFile(['WordDocument', '1Table']), 'is not a real Word (.doc) document', 'Upload the document itself'],
        ['macros.doc', doc({ macros: true }), 'contains macros', macros],
        ['renamed.docx', docm(), 'contains macros', macros],
        ['template.docx', docxWithRemoteTemplate(), 'loads a template or object from another address', 'save it as a .docx document without macros'],
        [
          'bomb.docx',
          docx({ extra: [{ name: 'word/media/image1.png', deflated: deflatedZeros(2048), declaredSize: 2048 * MiB }] }),
          'is packed in a way Word documents never are (it would expand to more than 100 MB)',
          'save it as a new .docx document without macros',
        ],
      ];
      for (const [name, content, why, advice] of refused) {
        const res = await upload(name, content);
        expect({ name, status: res.status, message: res.body.message }).toEqual({ name, status: 400, message: expect.stringContaining(`“${name}” ${why}`) });
        expect(res.body.message).toContain(advice);
      }
      expect(Buffer.compare((await current()).content, real)).toBe(0);
      await upload('Guide.docx', docx({ deflate: true })).expect(200);
    });

    it('keeps a UTF-8 name from the upload to the settings and both downloads', async () => {
      const res = await upload('résumé.PDF', PDF).expect(200);
      expect(res.body).toMatchObject({ procedureFileName: 'résumé.PDF', procedureFile: { fileName: 'résumé.PDF', kind: 'pdf' } });
      expect((await t.http().get('/api/system-settings').set(...bearer(admin.token)).expect(200)).body.procedureFileName).toBe('résumé.PDF');
      const expected = `inline; filename="r_sum_.PDF"; filename*=UTF-8''r%C3%A9sum%C3%A9.PDF`;
      expect((await current()).disposition).toBe(expected);
      expect((await linkDownload()).headers['content-disposition']).toBe(expected);

      await upload('Дежурства — 日本語.docx', docx()).expect(200);
      expect((await current()).disposition).toBe(
        `attachment; filename="_________ _ ___.docx"; filename*=UTF-8''${encodeURIComponent('Дежурства — 日本語')}.docx`,
      );
    });

    it('reads the RFC 5987 form of the name, and browsers’ escapes, keeping names safe', async () => {
      const boundary = '----duty-manager-test';
      const raw = (disposition: string) =>
        t
          .http()
          .post('/api/settings/procedure-file')
          .set(...bearer(admin.token))
          .set('Content-Type', `multipart/form-data; boundary=${boundary}`)
          .send(
            Buffer.concat([
              Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; ${disposition}\r\nContent-Type: application/pdf\r\n\r\n`),
              PDF,
              Buffer.from(`\r\n--${boundary}--\r\n`),
            ]),
          );
      const stored = async (disposition: string) => (await raw(disposition).expect(200)).body.procedureFileName as string;

      // RFC 7578 asks for the UTF-8 name itself (as browsers send it); some clients send RFC 5987's form.
      expect(await stored(`name="file"; filename*=UTF-8''r%C3%A9sum%C3%A9.pdf`)).toBe('résumé.pdf');
      expect(await stored(`name=file; filename=resume.pdf; filename*=utf-8''r%C3%A9sum%C3%A9%20%E2%80%94%20v2.pdf`)).toBe('résumé — v2.pdf');
      // What a browser sends for a name with a quote or a line break in it (WHATWG HTML's escapes).
      expect(await stored('name="file"; filename="say %22hi%22%0D%0AX-Injected: yes.pdf"')).toBe('say hiX-Injected yes.pdf');
      expect(await stored('name="file"; filename="..\\..\\windows\\system.ini.pdf"')).toBe('system.ini.pdf');
      // Attribute characters outside RFC 8187's set are escaped in the download's filename*.
      await raw(`name="file"; filename="O'Brien (draft).pdf"`).expect(200);
      expect((await current()).disposition).toBe(`inline; filename="O'Brien (draft).pdf"; filename*=UTF-8''O%27Brien%20%28draft%29.pdf`);
      for (const header of Object.values((await linkDownload()).headers)) expect(String(header)).not.toMatch(/[\r\n]/);
    });
  });

  describe('download links on organisation addresses (APP_BASE_DOMAIN)', () => {
    let t: TestApp;
    let alpha: Account;
    let bravo: Account;

    beforeAll(async () => {
      t = await createTestApp({ env: { APP_BASE_DOMAIN: 'dm.test' } });
      alpha = await registerOrganization(t, { organizationName: 'Alpha School' });
      bravo = await registerOrganization(t, { organizationName: 'Bravo School' });
      for (const school of [alpha, bravo]) {
        await t.http().post('/api/settings/procedure-file').set('Host', `${school.subdomain}.dm.test`).set(...bearer(school.token)).attach('file', PDF, `${school.organizationName}.pdf`).expect(200);
      }
    });
    afterAll(() => t.close());

    const at = (host: string, url: string) => t.http().get(url).set('Host', host).buffer(true);

    it("serve a link only on its own school's address, the bare domain and single hosts", async () => {
      const staff = await memberWithRole(t, alpha, 'staff');
      const link = await at(`${alpha.subdomain}.dm.test`, '/api/settings/procedure-file/link').set(...bearer(staff.token)).expect(200);
      const url = link.body.url as string;

      const own = await at(`${alpha.subdomain}.dm.test`, url).expect(200);
      expect(own.headers['content-disposition']).toContain('Alpha School.pdf');
      await at('dm.test', url).expect(200);
      await at('127.0.0.1', url).expect(200);

      const elsewhere = await at(`${bravo.subdomain}.dm.test`, url).expect(401);
      expect(elsewhere.body.message).toBe("This download link is for another organisation's address. Open Instructions at your own organisation's address to download it.");
      expect(elsewhere.headers['content-disposition']).toBeUndefined();
      // The host is compared as sessions compare it: any case, a final dot.
      await at(`${bravo.subdomain.toUpperCase()}.DM.TEST.`, url).expect(401);
      const unknown = await at('no-such-school.dm.test', url).expect(404);
      expect(unknown.body.message).toMatch(/^We couldn't find a school at this address/);

      // Bravo's own link works on Bravo's address and not on Alpha's.
      const bravoLink = (await at(`${bravo.subdomain}.dm.test`, '/api/settings/procedure-file/link').set(...bearer(bravo.token)).expect(200)).body.url as string;
      expect((await at(`${bravo.subdomain}.dm.test`, bravoLink).expect(200)).headers['content-disposition']).toContain('Bravo School.pdf');
      await at(`${alpha.subdomain}.dm.test`, bravoLink).expect(401);
    });
  });
});
