import { dutyChangeLetter, dutyChangesBetween as changesBetweenRecords } from './duty-change-notices';

/** These tests say who is in which slot by id. */
type Days = Record<string, (string | null)[]>;
const asRecords = (days: Days) =>
  Object.fromEntries(Object.entries(days).map(([day, slots]) => [day, slots.map((id) => (id ? { staffId: id, override: false } : null))]));
const dutyChangesBetween = (before: Days, after: Days) => changesBetweenRecords(asRecords(before), asRecords(after));

describe('duty changes', () => {
  it('lists, per person, the days a change put them on and took them off, and nothing for a new slot on the same day', () => {
    const before = { '2026-12-01': ['ann', 'bob'], '2026-12-02': ['ann', null], '2026-12-03': ['cat', 'dan'] };
    const after = { '2026-12-02': ['bob', 'ann'], '2026-12-01': [null, 'cat'], '2026-12-04': ['ann', 'bob'] };
    expect(dutyChangesBetween(before, after)).toEqual([
      { staffId: 'cat', added: ['2026-12-01'], removed: [] },
      { staffId: 'ann', added: ['2026-12-04'], removed: ['2026-12-01'] },
      { staffId: 'bob', added: ['2026-12-02', '2026-12-04'], removed: ['2026-12-01'] },
    ]);
    // A day `after` doesn't name is unchanged, whoever was on it.
    expect(dutyChangesBetween(before, {})).toEqual([]);
  });

  it('writes one letter with every day added and every day removed', () => {
    const letter = dutyChangeLetter(
      { name: 'Ann Archer' },
      { staffId: 'ann', added: ['2026-12-04'], removed: ['2026-12-01', '2026-12-02'] },
      { by: 'Sam Admin', did: 'reshuffled the rota' },
      'https://dm.example.com/my-rota',
    );
    expect(letter.subject).toBe('Your duties have changed');
    expect(letter.text).toBe(
      [
        'Hello Ann Archer,',
        'Sam Admin reshuffled the rota.',
        'You are now on duty on:',
        'Friday 4 December 2026',
        'You are no longer on duty on:',
        'Tuesday 1 December 2026',
        'Wednesday 2 December 2026',
        'Your duties in Duty Manager: https://dm.example.com/my-rota',
      ].join('\n\n') + '\n',
    );
    expect(letter.html).toContain('<p>Sam Admin reshuffled the rota.</p>');
  });
});
