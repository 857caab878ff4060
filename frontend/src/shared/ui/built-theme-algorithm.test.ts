import { theme } from 'antd';
import seedToken from 'antd/es/theme/themes/seed';
import { describe, expect, it } from 'vitest';

import { builtAlgorithm } from './built-theme-algorithm';
import { ACCESSIBLE_THEME } from './theme';
import { BUILT_MAP, BUILT_SEED } from './theme-tokens.gen';

describe('builtAlgorithm', () => {
  it("was generated from the app's theme and this antd (else: npm run gen)", () => {
    expect(BUILT_SEED).toEqual({ ...seedToken, ...ACCESSIBLE_THEME.token });
    expect(BUILT_MAP).toEqual(theme.defaultAlgorithm(BUILT_SEED));
  });

  it("answers antd's own map token for the app's theme and for any other seed", () => {
    const seed = { ...seedToken, ...ACCESSIBLE_THEME.token };
    expect(builtAlgorithm(seed)).toEqual(theme.defaultAlgorithm(seed));
    const reduced = { ...seed, motion: false };
    expect(builtAlgorithm(reduced)).toEqual(theme.defaultAlgorithm(reduced));
    const other = { ...seed, colorPrimary: '#00ff00' };
    expect(builtAlgorithm(other)).toEqual(theme.defaultAlgorithm(other));
    expect(builtAlgorithm(other).colorPrimary).not.toEqual(builtAlgorithm(seed).colorPrimary);
  });

  it("gives antd's design token of the app's theme unchanged", () => {
    expect(theme.getDesignToken({ ...ACCESSIBLE_THEME, algorithm: builtAlgorithm })).toEqual(
      theme.getDesignToken(ACCESSIBLE_THEME),
    );
  });
});
