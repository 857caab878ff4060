import { publishedDutiesLetter, publishedDutiesNotice } from './drafts-emails';

describe('the letter a published draft sends (docs/product.md#drafts)', () => {
  const period = { from: '2026-11-09', to: '2026-11-20' };

  it('says how many duties the person has in the period, the first one, and where to see them', () => {
    const letter = publishedDutiesLetter({ name: 'Ann Archer' }, { count: 3, first: '2026-11-10' }, period, 'https://dm.example.com/my-rota');
    expect(letter.subject).toBe('Your duties from Tuesday 10 November 2026');
    expect(letter.text).toContain('Hello Ann Archer,');
    expect(letter.text).toContain('You have 3 duties in that period, the first on Tuesday 10 November 2026.');
    expect(letter.text).toContain('Your duties in Duty Manager: https://dm.example.com/my-rota');
    expect(letter.html).toContain('https://dm.example.com/my-rota');
    expect(publishedDutiesNotice({ count: 1, first: '2026-11-10' }, period)).toContain('1 duty, the first on Tuesday 10 November 2026');
  });

  it('tells someone the draft took every duty of the period from that they have none', () => {
    const letter = publishedDutiesLetter({ name: 'Bob Baker' }, { count: 0, first: null }, period, 'https://dm.example.com/my-rota');
    expect(letter.subject).toBe('Your duties from Monday 9 November 2026');
    expect(letter.text).toContain('You have no duties in that period.');
    expect(publishedDutiesNotice({ count: 0, first: null }, period)).toContain('you have no duties in it');
  });
});
