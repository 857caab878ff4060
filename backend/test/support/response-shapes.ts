import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * What each signed-in read carries of other people, checked by test/response-shapes.int-spec.ts
 * against the table "What people see of each other" in docs/product.md.
 */

export const PRODUCT_DOC = path.resolve(__dirname, '..', '..', '..', 'docs', 'product.md');
const SECTION = '### What people see of each other';
const COLLEAGUE_COLUMN = "staff: a colleague's";

/** One row of the table: the API names it lists, and whether staff see them of a colleague. */
export interface FieldAudience {
  fields: string[];
  colleagueSees: boolean;
}

/** The rows of the table under SECTION in `markdown`; the first cell's code spans are the API names. */
export function readAudienceTable(markdown: string): FieldAudience[] {
  const section = markdown.split(`\n${SECTION}\n`)[1]?.split('\n#')[0];
  if (!section) throw new Error(`docs/product.md has no "${SECTION}" section`);
  const rows = section
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
  const [header, , ...body] = rows;
  const column = header?.indexOf(COLLEAGUE_COLUMN) ?? -1;
  if (column < 0) throw new Error(`The table of "${SECTION}" has no "${COLLEAGUE_COLUMN}" column`);
  return body.map((cells) => ({
    fields: [...(cells[0] ?? '').matchAll(/`([A-Za-z]+)`/g)].map((match) => match[1]!),
    colleagueSees: cells[column] === '✓',
  }));
}

/** The API names staff never get of a colleague, as docs/product.md decides them. */
export function restrictedFields(markdown = readFileSync(PRODUCT_DOC, 'utf8')): string[] {
  return readAudienceTable(markdown)
    .filter((row) => !row.colleagueSees)
    .flatMap((row) => row.fields)
    .sort();
}

/** A restricted field where the answer holds it: a JSON path such as `$[3].email`. */
export interface FieldFound {
  path: string;
  field: string;
}

/** The keys that say whose record an object is. */
const OWNER_KEYS = ['id', 'staffId', 'userId'];

/**
 * Every restricted field in `body` on a record that isn't the caller's, walking the whole JSON:
 * any object is a record, and it is the caller's when one of its `id`, `staffId` or `userId` is
 * one of `own` (their staff record's id and their user id). Nested objects are judged on their own.
 */
export function othersFields(body: unknown, restricted: ReadonlySet<string>, own: ReadonlySet<string>, at = '$'): FieldFound[] {
  if (Array.isArray(body)) return body.flatMap((item, i) => othersFields(item, restricted, own, `${at}[${i}]`));
  if (body === null || typeof body !== 'object') return [];
  const record = body as Record<string, unknown>;
  const mine = OWNER_KEYS.some((key) => typeof record[key] === 'string' && own.has(record[key]));
  const here = mine
    ? []
    : Object.keys(record)
        .filter((key) => restricted.has(key))
        .map((field) => ({ path: `${at}.${field}`, field }));
  return [...here, ...Object.entries(record).flatMap(([key, value]) => othersFields(value, restricted, own, `${at}.${key}`))];
}

/**
 * Every signed-in read (GET) of the API and the restricted fields (docs/product.md, "What people
 * see of each other") it gives admins and managers of other people; staff get none of them of
 * anyone but themselves. The test fails when a signed-in read is missing here, so a new one
 * declares what it shows. Reads staff can't call (403 at the role gate) are listed too: their
 * admins' and managers' answers are checked the same way.
 */
export const PERSONAL_FIELDS_SHOWN: Record<string, readonly string[]> = {
  getCurrentUser: [], // the caller's own account only
  getTwoFactorStatus: [],
  getStaff: ['email', 'userId', 'role', 'inviteStatus', 'department', 'workingDays', 'fte', 'weeklyCap', 'avoidDays'],
  getHolidays: [],
  previewBankHolidays: [],
  getTermDates: [],
  getAcademicYears: [],
  getDuties: [],
  getDutyRules: [],
  getDutyTemplates: [],
  getStaffGroups: [],
  // The entries' before and after views of a staff record (admins and managers only).
  getAuditLog: ['email', 'department', 'workingDays', 'fte', 'weeklyCap', 'avoidDays'],
  // The consequences of erasing a person: their name and counts only (admins only).
  getErasure: [],
  // The next leavers due for anonymisation: names and dates only (admins only).
  getLeaverRetention: [],
  getEmailReminderSettings: [],
  getEmailTemplate: [],
  // Recipients' addresses, under `to` (admins only).
  getEmailDeliveries: [],
  getProcedureFile: [],
  getProcedureFileLink: [],
  getSystemSettings: [],
  getTwoFactorRequirement: [],
  getOrganizationDeletion: [],
  getSignInSettings: [],
  getRota: [],
  getRotaGrid: [],
  getMyDuties: [],
  getAllDutiesHealth: [],
  getCurrentWeek: [],
  getDashboardStats: [],
  getDutyStatistics: ['department'],
  // Staff get their own line only (docs/product.md#the-fairness-view).
  getFairness: ['department', 'workingDays', 'fte'],
  // Files: staff get their own line of the fairness table; the text is searched for colleagues' values.
  exportFairness: [],
  // Names and duty counts only: no field of a staff record beyond the name.
  getDutyLoad: [],
  exportDutyLoad: [],
  exportRota: [],
  // The organisation export is a POST; whether the organisation can still import carries nobody.
  getOrganizationImportStatus: [],
  getRotaHealth: [],
  getRotaCandidates: ['department'],
  getRotaClosures: [],
  countPlannedDuties: [],
  getMoveOptions: [],
  getSetupChecklist: [],
  getSwapRequests: [],
  getSwapOptions: [],
  getNotifications: [],
  getCancelRequests: [],
  // Staff read their own only (403 otherwise).
  getStaffUnavailability: [],
  getRecurringUnavailability: [],
  getAutoApprovalSettings: [],
  getCalendarSubscription: [],
  // The Today board: names only, of the people on duty, away, and who may cover (no department).
  getTodayBoard: [],
  getTodayCandidates: [],
  // Drafts (admins and managers only): names and duty counts, no field of a staff record beyond the name.
  listDrafts: [],
  getDraft: [],
  getDraftDays: [],
  // The Dashboard's fairness hint: two counts, nobody named.
  getFairnessHint: [],
  // Subject access (docs/security.md): the caller's own record in full; of others, names only.
  getMyData: [],
  getMyDataSummary: [],
  // An admin's download of one staff member's data: that person's record in full.
  getStaffData: ['email', 'userId', 'role', 'department', 'workingDays', 'fte', 'weeklyCap', 'avoidDays'],
  getStaffDataSummary: [],
};
