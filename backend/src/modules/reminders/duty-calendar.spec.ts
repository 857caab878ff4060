import { dutyCalendarAttachment } from './duty-calendar';

describe('reminder calendar attachment', () => {
  it('folds at 75 octets, also for a long name with accents', () => {
    const name = 'Zoë Ångström-Éléonore Bénédicte de la Cruz-Fernández Øyelaran';
    const { content } = dutyCalendarAttachment({
      organizationId: 'org',
      staffId: 'staff',
      staffName: name,
      date: '2025-09-09',
      description: 'On duty with Bob.',
      stamp: new Date('2025-09-08T07:30:00Z'),
    });
    const text = String(content);
    const lines = text.split('\r\n');
    expect(lines.pop()).toBe('');
    for (const line of lines) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(text.replace(/\r\n[ \t]/g, '')).toContain(`SUMMARY:Duty Manager - ${name}\r\n`);
  });
});
