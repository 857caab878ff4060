import { describe, expect, it } from 'vitest';

import { isBlank, trimmed, trimmedOrNull } from './text';

describe('trimmed', () => {
  it('drops the whitespace around a text, not inside it', () => {
    expect(trimmed('  Parents evening \n')).toBe('Parents evening');
    expect(trimmed('a  b')).toBe('a  b');
  });

  it('reads a missing text as empty', () => {
    expect(trimmed(undefined)).toBe('');
    expect(trimmed(null)).toBe('');
  });
});

describe('isBlank', () => {
  it.each([[undefined], [null], [''], ['   '], ['\t\n']])('is true for %j', (value) => {
    expect(isBlank(value)).toBe(true);
  });

  it('is false once there is anything but whitespace', () => {
    expect(isBlank(' x ')).toBe(false);
  });
});

describe('trimmedOrNull', () => {
  it('sends a blank text as null', () => {
    expect(trimmedOrNull('   ')).toBeNull();
    expect(trimmedOrNull(undefined)).toBeNull();
  });

  it('sends anything else trimmed', () => {
    expect(trimmedOrNull(' Maths ')).toBe('Maths');
  });
});
