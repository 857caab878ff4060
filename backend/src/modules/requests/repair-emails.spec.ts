import { dutiesRepairedEmail } from './request-emails';

const ann = { id: 's1', name: 'Ann Able', email: 'ann@school.example', isActive: true, userId: 'u1' };
const ben = { id: 's2', name: 'Ben Bell', email: 'ben@school.example', isActive: true, userId: 'u2' };
const none = { removed: [], replacing: [], filled: [], movedTo: [], movedFrom: [] };

describe("a repair's letter (docs/product.md#the-rota-stays-true)", () => {
  it('lists the days a rebalance moved to and from the person, with the cause', () => {
    const letter = dutiesRepairedEmail(ann, "Adding holiday 'Snow closure'", {
      ...none,
      movedTo: [{ date: '2025-12-12' }],
      movedFrom: [{ date: '2025-12-15', duty: 'Lunch — Canteen' }],
    });
    expect(letter.email.subject).toBe('Your duties have changed');
    expect(letter.email.to).toBe('ann@school.example');
    expect(letter.email.text).toContain(
      [
        "Moved to keep the rota fair after: Adding holiday 'Snow closure'",
        'You are now on duty on Friday 12 December 2025',
        'You are no longer on Lunch — Canteen on Monday 15 December 2025',
      ].join('\n\n'),
    );
    expect(letter.notice).toMatchObject({ userId: 'u1', kind: 'duty_changed', link: '/my-rota', text: 'Your duties have changed' });
  });

  it('puts every day of one change in one letter: taken off, in place of someone, filled', () => {
    const letter = dutiesRepairedEmail(ann, "Changing Ann Able's working days", {
      ...none,
      removed: [{ date: '2025-12-08', reason: 'Not a working day' }],
      replacing: [{ date: '2025-12-10', replacing: ben }],
      filled: [{ date: '2025-12-12' }, { date: '2025-12-05' }],
    });
    expect(letter.email.subject).toBe('Your duties have changed');
    const text = letter.email.text;
    expect(text).toContain('Monday 8 December 2025: Not a working day');
    expect(text).toContain('Wednesday 10 December 2025 (in place of Ben Bell)');
    expect(text).toContain(
      "Added to fill the rota after: Changing Ann Able's working days\n\nYou are now on duty on Friday 5 December 2025\n\nYou are now on duty on Friday 12 December 2025",
    );
    expect(text).not.toContain('Moved to keep the rota fair');
  });

  it('reads like the other duty letters when it only adds or only takes off', () => {
    expect(dutiesRepairedEmail(ann, 'Adding Gus Hale', { ...none, filled: [{ date: '2025-12-12' }] }).email.subject).toBe(
      'You are on duty on Friday 12 December 2025',
    );
    expect(dutiesRepairedEmail(ann, 'Adding Gus Hale', { ...none, movedTo: [{ date: '2025-12-12' }, { date: '2025-12-19' }] }).email.subject).toBe(
      'You are on duty on 2 more days',
    );
    expect(dutiesRepairedEmail(ann, 'Adding Gus Hale', { ...none, movedFrom: [{ date: '2025-12-12' }] }).email.subject).toBe(
      'Duty removed: Friday 12 December 2025',
    );
  });
});
