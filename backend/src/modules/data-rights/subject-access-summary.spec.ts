import { createHash } from 'node:crypto';
import type { SubjectAccessDto } from './dto/subject-access.dto';
import { SUMMARY_CSP, subjectAccessSummary } from './subject-access-summary';

const doc = (name: string): SubjectAccessDto => ({
  format: 'duty-manager/subject-access',
  schemaVersion: 1,
  generatedAt: '2026-11-02T09:00:00.000Z',
  organization: 'Hill & Dale <School>',
  profile: {
    staffId: 's-1',
    userId: null,
    name,
    email: 'ann@example.com',
    role: null,
    department: null,
    isTeaching: true,
    workingDays: [1, 3],
    fte: null,
    weeklyCap: null,
    avoidDays: [],
    isActive: false,
    createdAt: '2026-01-05T10:00:00.000Z',
    lastSignInAt: null,
    twoFactorEnabled: false,
    signInIdentities: [],
    calendarFeeds: [],
  },
  duties: [
    {
      date: '2026-11-09',
      duty: 'Lunch',
      isDutyManager: false,
      place: 'Canteen',
      startTime: '12:30',
      endTime: '13:10',
      position: 1,
      pinned: true,
      pinnedReason: 'swap',
    },
  ],
  swapRequests: [],
  cancelRequests: [],
  notifications: [],
  unavailability: { periods: [], weekly: [] },
  emails: [],
  auditEntries: [
    {
      createdAt: '2026-11-02T09:00:00.000Z',
      staffId: 's-1',
      actorName: 'Ada',
      kind: 'staff',
      action: 'staff.updated',
      summary: 'Updated',
      changes: [{ field: 'workingDays', before: [1, 2], after: [1, 3] }],
    },
  ],
});

describe('the readable summary of a person’s data', () => {
  it('escapes every value, names included, and has no script', () => {
    const html = subjectAccessSummary(doc('Ann <script>alert("x")</script>'), 'Europe/London');
    expect(html).toContain('Ann &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html).toContain('Hill &amp; Dale &lt;School&gt;');
    expect(html).not.toMatch(/<script|<img|<link|<iframe|\son[a-z]+=/i);
  });

  it('allows its one stylesheet by the hash of exactly what it holds', () => {
    const html = subjectAccessSummary(doc('Ann Lee'), 'Europe/London');
    const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]!);
    expect(styles).toHaveLength(1);
    const hash = createHash('sha256').update(styles[0]!, 'utf8').digest('base64');
    expect(SUMMARY_CSP).toBe(`default-src 'none'; style-src 'sha256-${hash}'; img-src 'none'; base-uri 'none'; form-action 'none'`);
    expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="${SUMMARY_CSP.replace(/'/g, '&#39;')}">`);
  });

  it('says things in words: days, times, why a duty is pinned, what a change did', () => {
    const html = subjectAccessSummary(doc('Ann Lee'), 'Europe/London');
    expect(html).toContain('Monday, Wednesday');
    expect(html).toContain('Mon, 9 Nov 2026');
    expect(html).toContain('12:30–13:10');
    expect(html).toContain('Yes (a swap)');
    expect(html).toContain('workingDays: 1, 2 → 1, 3');
    expect(html).toContain('No account');
    expect(html).toContain('No swap requests.');
  });
});
