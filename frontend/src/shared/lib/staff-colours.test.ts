import { describe, expect, it } from 'vitest';

import { contrastRatio, STAFF_COLOURS, staffColour } from './staff-colours';

function fakeUuid(n: number): string {
  const hex = n.toString(16).padStart(12, '0');
  return `5f0c2a1e-7b3d-4c8e-9a21-${hex}`;
}

describe('staff colours', () => {
  it('has 38 distinct colours', () => {
    expect(STAFF_COLOURS).toHaveLength(38);
    expect(new Set(STAFF_COLOURS.map((colour) => colour.background)).size).toBe(38);
  });

  it('gives every chip text a contrast of at least 4.5:1', () => {
    for (const colour of STAFF_COLOURS) {
      expect(
        contrastRatio(colour.background, colour.text),
        colour.background,
      ).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('computes WCAG contrast ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#777777')).toBe(1);
  });

  it('gives the same person the same colour every time', () => {
    const id = 'a3b1c2d4-0000-4000-8000-000000000001';
    expect(staffColour(id)).toEqual(staffColour(id));
    expect(STAFF_COLOURS).toContainEqual(staffColour(id));
  });

  it('spreads people across the palette', () => {
    const used = new Set<string>();
    for (let n = 0; n < 400; n += 1) used.add(staffColour(fakeUuid(n)).background);
    expect(used.size).toBeGreaterThanOrEqual(34);

    const neighbours = new Set(
      Array.from({ length: 10 }, (_, n) => staffColour(fakeUuid(n)).background),
    );
    expect(neighbours.size).toBeGreaterThanOrEqual(7);
  });
});
