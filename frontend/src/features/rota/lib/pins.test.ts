import { describe, expect, it } from 'vitest';

import { pinLabel, unpinnedMessage } from './pins';

describe('pins', () => {
  it('labels a pinned slot by why it is pinned, and nothing else', () => {
    expect(pinLabel({ pinned: true, pinnedReason: 'swap' })).toBe('Pinned: approved swap');
    expect(pinLabel({ pinned: true, pinnedReason: 'cover' })).toBe('Pinned: cover');
    expect(pinLabel({ pinned: true, pinnedReason: 'hand' })).toBe('Pinned: set by hand');
    expect(pinLabel({ pinned: true, pinnedReason: 'override' })).toBe('Pinned: override');
    expect(pinLabel({})).toBeUndefined();
    expect(pinLabel(undefined)).toBeUndefined();
  });

  it('counts what was unpinned', () => {
    expect(unpinnedMessage(12)).toBe('Unpinned 12 duties');
    expect(unpinnedMessage(1)).toBe('Unpinned 1 duty');
    expect(unpinnedMessage(0)).toBe('Unpinned 0 duties');
  });
});
