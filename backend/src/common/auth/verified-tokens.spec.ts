import { VerifiedTokens } from './verified-tokens';

describe('VerifiedTokens', () => {
  let now = 1_000;
  const tokens = () => new VerifiedTokens<{ sub: string; exp: number }>(3, () => now);
  beforeEach(() => (now = 1_000));

  it('finds only the exact token string it was given', () => {
    const cache = tokens();
    cache.remember('a.b.c', { sub: 'u1', exp: 2_000 });
    expect(cache.get('a.b.c')).toEqual({ sub: 'u1', exp: 2_000 });
    expect(cache.get('a.b.d')).toBeUndefined();
    expect(cache.get('a.b.c ')).toBeUndefined();
  });

  it('drops a token in the second its exp names, as jsonwebtoken does', () => {
    const cache = tokens();
    cache.remember('t', { sub: 'u1', exp: 1_005 });
    now = 1_004;
    expect(cache.get('t')).toBeDefined();
    now = 1_005;
    expect(cache.get('t')).toBeUndefined();
    now = 1_004;
    expect(cache.get('t')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('keeps at most its capacity, making room by dropping the oldest', () => {
    const cache = tokens();
    for (const t of ['t1', 't2', 't3', 't4']) cache.remember(t, { sub: t, exp: 2_000 });
    expect(cache.size).toBe(3);
    expect(cache.get('t1')).toBeUndefined();
    expect(cache.get('t4')).toEqual({ sub: 't4', exp: 2_000 });
  });

  it('keeps its own frozen copy of the payload', () => {
    const cache = tokens();
    const payload = { sub: 'u1', exp: 2_000 };
    cache.remember('t', payload);
    payload.sub = 'someone-else';
    const kept = cache.get('t')!;
    expect(kept.sub).toBe('u1');
    expect(Object.isFrozen(kept)).toBe(true);
  });
});
