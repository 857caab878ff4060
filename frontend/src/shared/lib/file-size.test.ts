import { describe, expect, it } from 'vitest';

import { formatFileSize } from './file-size';

describe('formatFileSize', () => {
  it.each([
    [1, '1 byte'],
    [900, '900 bytes'],
    [2048, '2 KB'],
    [250 * 1024, '250 KB'],
    [1.5 * 1024 * 1024, '1.5 MB'],
    [10 * 1024 * 1024, '10 MB'],
  ])('%i bytes read %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });
});
