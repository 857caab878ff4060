import { describe, expect, it } from 'vitest';

import { formatDecimal } from './number-format';

describe('formatDecimal', () => {
  it('writes at most one decimal place by default, and none that would be zero', () => {
    expect(formatDecimal(2.54)).toBe('2.5');
    expect(formatDecimal(3)).toBe('3');
    expect(formatDecimal(3.04)).toBe('3');
    expect(formatDecimal(1024)).toBe('1,024');
  });

  it('takes another number of decimal places, each with its own format', () => {
    expect(formatDecimal(0.756, 2)).toBe('0.76');
    expect(formatDecimal(0.756)).toBe('0.8');
    expect(formatDecimal(1, 2)).toBe('1');
  });
});
