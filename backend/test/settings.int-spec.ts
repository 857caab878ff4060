import { MikroORM } from '@mikro-orm/core';
import { bearer, registerOrganization, type Account } from './support/accounts';
import { snapshotDatabase } from './support/db-snapshot';
import { compoundFile, doc, docx, zip } from './support/office-files';
import { memberWithRole } from './support/members';
import { createTestApp, type TestApp } from './support/test-app';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
const DOCX = docx();
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(120), Buffer.from('This program cannot be run in DOS mode.')]);

/**
 * Email reminder settings, the reminder template, the Instructions settings and the procedure
 * document, against the real PostgreSQL; the clock is Monday 8 September 2025, 08:00 in London.
 */
describe('settings: reminders, template, instructions and the procedure document', () => {
  let t: TestApp;
  let admin: Account;
  let other: Account;

  beforeAll(async () => {
    t = await createTestApp({ env: { APP_NOW: '2025-09-08T08:00' } });
    admin = await registerOrganization(t, { name: 'Ada Admin' });
    other = await registerOrganization(t);
  });

  afterAll(() => t.close());

  const as = (token: string) => ({
    get: (url: string) => t.http().get(url).set(...bearer(token)),
    post: (url: string, body: object = {}) => t.http().post(url).set(...bearer(token)).send(body),
    upload: (name: string, content: Buffer) => t.http().post('/api/settings/procedure-file').set(...bearer(token)).attach('file', content, name),
  });
  const audit = async (action: string) =>
    (await t
      .get(MikroORM)
      .em.getConnection()
      .execute(
        `select a.summary from audit_entries a join organizations o on o.id = a.organization_id where o.subdomain = ? and a.action = ? order by a.id`,
        [admin.subdomain, action],
      )) as { summary: string }[];

  describe('email reminder settings', () => {
    it('start on, at 08:30, 24 hours ahead, and say when the next reminders go', async () => {
      const res = await as(admin.token).get('/api/email-reminder-settings').expect(200);
      expect(res.body).toEqual({
        enabled: true,
        time: '08:30',
        hoursAdvance: 24,
        timeZone: 'Europe/London',
        nextReminder: { dutyDate: '2025-09-09', sendAt: '2025-09-08T07:30:00.000Z' },
      });
    });

    it('are saved by admins, with an audit entry, and refuse bad values with the reason', async () => {
      const saved = await as(admin.token).post('/api/email-reminder-settings', { enabled: true, time: '07:15', hoursAdvance: 48 }).expect(200);
      // A Wednesday duty 48 hours ahead: Monday 07:15 has passed at 08:00, so Thursday's (Tuesday 07:15) is next.
      expect(saved.body).toMatchObject({ enabled: true, time: '07:15', hoursAdvance: 48, nextReminder: { dutyDate: '2025-09-11' } });
      expect(saved.body.nextReminder.sendAt).toBe('2025-09-09T06:15:00.000Z');
      expect((await audit('settings.email-reminders')).map((a) => a.summary)).toEqual(['Email reminders on: 07:15, 48 hours before the duty']);

      const manager = await memberWithRole(t, admin, 'manager');
      const before = await snapshotDatabase(t);
      for (const [body, message] of [
        [{ enabled: true, time: '8:30', hoursAdvance: 24 }, 'The reminder time must be written as HH:mm, such as 08:30'],
        [{ enabled: true, time: '24:00', hoursAdvance: 24 }, 'The reminder time must be written as HH:mm, such as 08:30'],
        [{ enabled: true, time: '08:30', hoursAdvance: 3 }, 'Hours in advance must be one of 1, 2, 4, 8, 12, 24 or 48'],
        [{ enabled: 'yes', time: '08:30', hoursAdvance: 24 }, 'Enabled must be true or false'],
      ] as const) {
        const res = await as(admin.token).post('/api/email-reminder-settings', body).expect(400);
        expect(JSON.stringify(res.body.message)).toContain(message);
      }
      const denied = await as(manager.token).post('/api/email-reminder-settings', { enabled: false, time: '08:30', hoursAdvance: 24 }).expect(403);
      expect(denied.body.message).toBe("You don't have permission to change system settings");
      await as(manager.token).get('/api/email-reminder-settings').expect(403);
      expect(await snapshotDatabase(t)).toEqual(before);

      const off = await as(admin.token).post('/api/email-reminder-settings', { enabled: false, time: '08:30', hoursAdvance: 24 }).expect(200);
      expect(off.body).toMatchObject({ enabled: false, nextReminder: null });
      // The other organisation keeps its defaults.
      expect((await as(other.token).get('/api/email-reminder-settings').expect(200)).body).toMatchObject({ enabled: true, time: '08:30' });
    });
  });

  describe('email template', () => {
    it('starts with the built-in template and renders a preview for the next weekday', async () => {
      const res = await as(admin.token).get('/api/email-template').expect(200);
      expect(res.body).toMatchObject({ subject: 'Duty Manager Reminder - {date}', greeting: 'Dear {staffName},', isDefault: true });
      const { isDefault: _isDefault, ...template } = res.body as Record<string, unknown>;
      const preview = await as(admin.token).post('/api/email-template/preview', template).expect(200);
      expect(preview.body).toMatchObject({
        subject: 'Duty Manager Reminder - Tuesday 9 September 2025',
        sampleDate: '2025-09-09',
        sampleStaffName: 'Ada Admin',
      });
      expect(preview.body.html).toContain('<p>Dear Ada Admin,</p>');
    });

    it('never turns a name into a javascript:, data: or vbscript: link in the preview', async () => {
      const draft = {
        subject: 'Duty on {date}',
        greeting: '<a href="{staffName}">Dear {staffName}</a>,',
        mainMessage: "On {date}. <a href='{staffName}'>x</a> <a href={staffName}>y</a> <a href=\"https://school.example/{staffName}\">profile</a>",
        keyReminders: ['<a href="{staffName}">Your page</a>'],
        emergencyContacts: ['<a href="mailto:office@school.example">Office</a>'],
        footerMessage: 'Thanks',
        signature: 'Head',
      };
      for (const name of ['javascript:alert(1)//', 'data:text/html,<script>alert(1)</script>', 'vbscript:msgbox(1)', 'jav&#x61;script:alert(1)']) {
        const member = await memberWithRole(t, admin, 'admin', name);
        const preview = await as(member.token).post('/api/email-template/preview', draft).expect(200);
        expect(preview.body.sampleStaffName).toBe(name);
        const hrefs = [...(preview.body.html as string).matchAll(/href="([^"]*)"/gi)].map((m) => m[1]!);
        expect(hrefs[0]).toBe('https://school.example/' + name.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'));
        expect(hrefs.slice(1)).toEqual(['mailto:office@school.example']);
        expect(preview.body.html).not.toMatch(/href\s*=\s*['"]?\s*(javascript|data|vbscript|jav&)/i);
        expect(preview.body.html).not.toMatch(/<script/i);
        expect(preview.body.text).not.toMatch(/\((javascript|data|vbscript|jav&#x61;script):/i);
      }
    });

    it('is saved sanitised, per organisation, by admins only', async () => {
      const draft = {
        subject: ' <b>Duty</b> on {date} ',
        greeting: 'Hi {staffName}<script>alert(1)</script>',
        mainMessage: '<p onclick="steal()">You are on <strong>duty</strong> on {date}. <a href="javascript:x()">x</a> <a href="https://school.example/duty">Guide</a></p><img src=x onerror=alert(1)>',
        keyReminders: ['Wear the <em>lanyard</em>', '   '],
        emergencyContacts: ['Office: <u>100</u>'],
        footerMessage: '<iframe src="https://evil.example"></iframe>Thanks',
        signature: 'Head Teacher',
      };
      const saved = await as(admin.token).post('/api/email-template', draft).expect(200);
      expect(saved.body).toEqual({
        subject: 'Duty on {date}',
        greeting: 'Hi {staffName}',
        mainMessage:
          '<p>You are on <strong>duty</strong> on {date}. <a target="_blank" rel="noopener noreferrer">x</a> <a href="https://school.example/duty" target="_blank" rel="noopener noreferrer">Guide</a></p>',
        keyReminders: ['Wear the <em>lanyard</em>'],
        emergencyContacts: ['Office: <u>100</u>'],
        footerMessage: 'Thanks',
        signature: 'Head Teacher',
        isDefault: false,
      });
      expect((await as(admin.token).get('/api/email-template').expect(200)).body).toEqual(saved.body);
      expect((await as(other.token).get('/api/email-template').expect(200)).body.isDefault).toBe(true);
      expect(await audit('settings.email-template')).toHaveLength(1);

      const staff = await memberWithRole(t, admin, 'staff');
      const denied = await as(staff.token).post('/api/email-template', draft).expect(403);
      expect(denied.body.message).toBe("You don't have permission to edit email templates");
      const blank = await as(admin.token).post('/api/email-template', { ...draft, subject: '   ' }).expect(400);
      expect(JSON.stringify(blank.body.message)).toContain('The subject is required');
      const long = await as(admin.token).post('/api/email-template', { ...draft, keyReminders: Array(21).fill('x') }).expect(400);
      expect(JSON.stringify(long.body.message)).toContain('Key reminders can have at most 20 items');
    });
  });

  describe('instructions and the procedure document', () => {
    it('save the title and text; only admins change them; members read them', async () => {
      const staff = await memberWithRole(t, admin, 'staff');
      const initial = await as(staff.token).get('/api/system-settings').expect(200);
      expect(initial.body).toEqual({
        dutyManagersPerDay: 2,
        instructionsTitle: 'Duty Manager Instructions',
        instructionsContent: '',
        procedureFileUrl: null,
        procedureFileName: null,
        procedureFile: null,
        mixMode: 'when_fair',
        defaultWeeklyCap: null,
        weekAStart: null,
        keepFairness: true,
        frozenSchoolDays: 5,
      });
      const saved = await as(admin.token)
        .post('/api/system-settings', { instructionsTitle: '  Duty handbook ', instructionsContent: 'Arrive at 8.\n  Lock the gate.' })
        .expect(200);
      expect(saved.body).toMatchObject({ instructionsTitle: 'Duty handbook', instructionsContent: 'Arrive at 8.\n  Lock the gate.', removedSlots: 0 });
      expect((await audit('settings.instructions')).map((a) => a.summary)).toEqual(['Updated the instructions (title, text)']);

      const before = await snapshotDatabase(t);
      const denied = await as(staff.token).post('/api/system-settings', { instructionsTitle: 'Mine' }).expect(403);
      expect(denied.body.message).toBe("You don't have permission to change system settings");
      for (const [body, message] of [
        [{ instructionsTitle: 'x'.repeat(256) }, 'The instructions title must be at most 255 characters'],
        [{ instructionsTitle: '   ' }, 'The instructions title is required'],
        [{ instructionsContent: 'x'.repeat(20_001) }, 'The instructions must be at most 20,000 characters'],
        [{ procedureFileUrl: 'https://elsewhere.example/file.pdf' }, 'Upload the procedure document with POST /api/settings/procedure-file'],
        [{ procedureFileName: 'x'.repeat(256) }, 'The procedure file name must be at most 255 characters'],
      ] as const) {
        const res = await as(admin.token).post('/api/system-settings', body).expect(400);
        expect(JSON.stringify(res.body.message)).toContain(message);
      }
      expect(await snapshotDatabase(t)).toEqual(before);
      expect((await as(other.token).get('/api/system-settings').expect(200)).body.instructionsTitle).toBe('Duty Manager Instructions');
    });

    it('uploads a PDF that members of the organisation, and only they, can download', async () => {
      const staff = await memberWithRole(t, admin, 'staff');
      const res = await as(admin.token).upload('Duty procedures.pdf', PDF).expect(200);
      expect(res.body).toMatchObject({
        procedureFileUrl: '/api/settings/procedure-file',
        procedureFileName: 'Duty procedures.pdf',
        procedureFile: { fileName: 'Duty procedures.pdf', kind: 'pdf', size: PDF.length },
      });

      const file = await as(staff.token).get('/api/settings/procedure-file').buffer(true).expect(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.headers['content-disposition']).toBe(`inline; filename="Duty procedures.pdf"; filename*=UTF-8''Duty%20procedures.pdf`);
      expect(Buffer.compare(file.body as Buffer, PDF)).toBe(0);
      await t.http().get('/api/settings/procedure-file').expect(401);
      const elsewhere = await as(other.token).get('/api/settings/procedure-file').expect(404);
      expect(elsewhere.body.message).toBe('No procedure document has been uploaded');

      // The link for a new tab works without a header, and only as issued.
      const link = await as(staff.token).get('/api/settings/procedure-file/link').expect(200);
      expect(link.body.url).toMatch(/^\/api\/settings\/procedure-file\/download\?ticket=[\w-]+\.[\w-]+$/);
      const opened = await t.http().get(link.body.url).buffer(true).expect(200);
      expect(Buffer.compare(opened.body as Buffer, PDF)).toBe(0);
      const forged = link.body.url.replace(/.$/, (c: string) => (c === 'A' ? 'B' : 'A'));
      await t.http().get(forged).expect(401);
      await t.http().get('/api/settings/procedure-file/download').expect(401);

      // A replacement (here a .docx) makes old links stale and is audited.
      await as(admin.token).upload('Handbook.docx', DOCX).expect(200);
      const stale = await t.http().get(link.body.url).expect(401);
      expect(stale.body.message).toBe('This download link has expired or the document was replaced. Open Instructions again to download it.');
      const docx = await as(staff.token).get('/api/settings/procedure-file').buffer(true).expect(200);
      expect(docx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
      expect(docx.headers['content-disposition']).toMatch(/^attachment; filename="Handbook.docx"/);
      expect((await audit('settings.procedure-file')).map((a) => a.summary)).toEqual([
        'Uploaded the procedure document “Duty procedures.pdf”',
        'Replaced the procedure document “Duty procedures.pdf” with “Handbook.docx”',
      ]);
    });

    it('refuses a program renamed to .pdf, other types, empty and oversized files, keeping the current one', async () => {
      await as(admin.token).upload('Procedures.pdf', PDF).expect(200);
      const before = await snapshotDatabase(t);
      const exe = await as(admin.token).upload('setup.pdf', EXE).expect(400);
      expect(exe.body.message).toBe(
        "“setup.pdf” is not a real PDF document: its content doesn't match its name. Upload the document itself as a .pdf, .doc or .docx file.",
      );
      const type = await as(admin.token).upload('setup.exe', EXE).expect(400);
      expect(type.body.message).toBe("“setup.exe” can't be used: the procedure document must be a .pdf, .doc or .docx file.");
      await as(admin.token).upload('empty.pdf', Buffer.alloc(0)).expect(400);
      const big = await as(admin.token).upload('big.pdf', Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)])).expect(413);
      expect(big.body.message).toBe('The file is larger than 10 MB. Choose a smaller .pdf, .doc or .docx file.');
      const none = await t.http().post('/api/settings/procedure-file').set(...bearer(admin.token)).field('note', 'no file').expect(400);
      expect(none.body.message).toBe('Choose a .pdf, .doc or .docx file to upload (form field "file").');
      const manager = await memberWithRole(t, admin, 'manager');
      const denied = await as(manager.token).upload('Procedures.pdf', PDF).expect(403);
      expect(denied.body.message).toBe("You don't have permission to edit instructions");
      // memberWithRole added a staff record and a user; the document is untouched.
      const after = await snapshotDatabase(t);
      expect(after.procedure_files).toEqual(before.procedure_files);
      expect(after.system_settings).toEqual(before.system_settings);
      expect((await as(admin.token).get('/api/system-settings').expect(200)).body.procedureFileName).toBe('Procedures.pdf');
    });

    it('identifies the document by its real signature: markup or zips that only mention one are refused', async () => {
      await as(admin.token).upload('Procedures.pdf', PDF).expect(200);
      const before = await snapshotDatabase(t);
      const impostors: [string, Buffer][] = [
        ['page.pdf', Buffer.from('<!doctype html><html><!-- %PDF-1.7 --><script>fetch("/api/staff")</script></html>')],
        ['drawing.pdf', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script><text>%PDF-1.4</text></svg>')],
        ['late.pdf', Buffer.concat([Buffer.from('\n'), PDF])],
        ['notes.docx', zip([['notes.txt', '[Content_Types].xml word/document.xml']])],
        ['sheet.doc', compoundFile(['Workbook'])],
        ['pretend.doc', Buffer.from('<html>\u00d0\u00cf\u0011\u00e0 WordDocument</html>')],
      ];
      for (const [name, content] of impostors) {
        const res = await as(admin.token).upload(name, content);
        expect({ name, status: res.status, message: res.body.message }).toEqual({ name, status: 400, message: expect.stringContaining('is not a real') });
      }
      expect(await snapshotDatabase(t)).toEqual(before);
      // The real kinds still pass.
      await as(admin.token).upload('Guide.doc', doc()).expect(200);
      await as(admin.token).upload('Guide.docx', docx()).expect(200);
    });

    it('removes the document', async () => {
      await as(admin.token).upload('Procedures.pdf', PDF).expect(200);
      const res = await t.http().delete('/api/settings/procedure-file').set(...bearer(admin.token)).expect(200);
      expect(res.body).toMatchObject({ procedureFileUrl: null, procedureFileName: null, procedureFile: null });
      await as(admin.token).get('/api/settings/procedure-file').expect(404);
      await as(admin.token).get('/api/settings/procedure-file/link').expect(404);
    });
  });

  describe('rota rules (docs/product.md#the-rota-engine)', () => {
    it('start pairing when fair, with no default cap and no Week A; admins change them, with an audit entry', async () => {
      const staff = await memberWithRole(t, admin, 'staff');
      const initial = (await as(staff.token).get('/api/system-settings').expect(200)).body;
      expect(initial).toMatchObject({ mixMode: 'when_fair', defaultWeeklyCap: null, weekAStart: null });

      const saved = await as(admin.token).post('/api/system-settings', { mixMode: 'always', defaultWeeklyCap: 3, weekAStart: '2025-09-01' }).expect(200);
      expect(saved.body).toMatchObject({ mixMode: 'always', defaultWeeklyCap: 3, weekAStart: '2025-09-01', dutyManagersPerDay: 2 });
      // No duties here, but a new cap and a new Week A are checked against the rota.
      expect(saved.body.rotaChange).toEqual({ removedDuties: 0, refilledDuties: 0, filledDuties: 0, movedDuties: 0, dates: [], message: 'No planned duties were affected.' });
      expect((await as(staff.token).get('/api/system-settings').expect(200)).body).toMatchObject({ mixMode: 'always', defaultWeeklyCap: 3, weekAStart: '2025-09-01' });

      // The mix mode alone touches no duty; no cap opens capacity, so the repair runs (nothing to fill here).
      const mix = await as(admin.token).post('/api/system-settings', { mixMode: 'never' }).expect(200);
      expect(mix.body).toMatchObject({ mixMode: 'never', defaultWeeklyCap: 3, weekAStart: '2025-09-01', rotaChange: null });
      const cleared = await as(admin.token).post('/api/system-settings', { defaultWeeklyCap: null }).expect(200);
      expect(cleared.body).toMatchObject({ defaultWeeklyCap: null, rotaChange: { removedDuties: 0, refilledDuties: 0, filledDuties: 0, movedDuties: 0, dates: [], message: 'No planned duties were affected.' } });
      const unchanged = await as(admin.token).post('/api/system-settings', { mixMode: 'never', defaultWeeklyCap: null }).expect(200);
      expect(unchanged.body.rotaChange).toBeNull();
      // What a repair does after a change: only fill gaps, and the next 10 school days left alone.
      const repairs = await as(admin.token).post('/api/system-settings', { keepFairness: false, frozenSchoolDays: 10 }).expect(200);
      expect(repairs.body).toMatchObject({ keepFairness: false, frozenSchoolDays: 10, rotaChange: null });
      expect((await as(staff.token).get('/api/system-settings').expect(200)).body).toMatchObject({ keepFairness: false, frozenSchoolDays: 10 });

      expect((await audit('settings.rota-rules')).map((a) => a.summary)).toEqual([
        'Changed the rota rules (teaching mix: always pair, default weekly cap: 3, Week A: from Monday 1 September 2025)',
        "Changed the rota rules (teaching mix: don't pair)",
        'Changed the rota rules (default weekly cap: none)',
        'Changed the rota rules (after a change: only fill gaps, days left alone: 10)',
      ]);
      expect((await as(other.token).get('/api/system-settings').expect(200)).body).toMatchObject({ mixMode: 'when_fair', defaultWeeklyCap: null, weekAStart: null });
    });

    it('refuses values outside the rules, and managers, changing nothing', async () => {
      const manager = await memberWithRole(t, admin, 'manager');
      const before = await snapshotDatabase(t);
      for (const [body, message] of [
        [{ mixMode: 'sometimes' }, 'Teaching and non-teaching pairing must be always, when_fair or never'],
        [{ mixMode: null }, 'Teaching and non-teaching pairing must be always, when_fair or never'],
        [{ defaultWeeklyCap: 0 }, 'The default weekly cap must be a whole number of duties from 1 to 5, or empty for no cap'],
        [{ defaultWeeklyCap: 6 }, 'The default weekly cap must be a whole number of duties from 1 to 5, or empty for no cap'],
        [{ defaultWeeklyCap: '2' }, 'The default weekly cap must be a whole number of duties from 1 to 5, or empty for no cap'],
        [{ weekAStart: '2025-09-02' }, 'Week A must start on a Monday, written as yyyy-MM-dd (or empty when the timetable has no Week A and B)'],
        [{ weekAStart: '2025-02-31' }, 'Week A must start on a Monday, written as yyyy-MM-dd (or empty when the timetable has no Week A and B)'],
        [{ keepFairness: 'yes' }, 'Keep fairness must be true (rebalance after a change) or false (only fill gaps)'],
        [{ keepFairness: null }, 'Keep fairness must be true (rebalance after a change) or false (only fill gaps)'],
        [{ frozenSchoolDays: -1 }, 'The frozen school days (left alone after today) must be a whole number from 0 to 20'],
        [{ frozenSchoolDays: 21 }, 'The frozen school days (left alone after today) must be a whole number from 0 to 20'],
        [{ frozenSchoolDays: 2.5 }, 'The frozen school days (left alone after today) must be a whole number from 0 to 20'],
      ] as const) {
        const res = await as(admin.token).post('/api/system-settings', body).expect(400);
        expect({ body, message: res.body.message }).toEqual({ body, message });
      }
      const denied = await as(manager.token).post('/api/system-settings', { mixMode: 'always' }).expect(403);
      expect(denied.body.message).toBe("You don't have permission to change system settings");
      expect(await snapshotDatabase(t)).toEqual(before);
    });
  });
});
