import { describe, expect, it } from 'vitest';

import { roleLabel } from './roles';

describe('roleLabel', () => {
  it.each([
    ['admin', 'Admin'],
    ['manager', 'Manager'],
    ['staff', 'Staff'],
    ['caretaker', 'User'],
    ['toString', 'User'],
    [undefined, 'User'],
  ])('labels %s as %s', (role, label) => {
    expect(roleLabel(role)).toBe(label);
  });
});
