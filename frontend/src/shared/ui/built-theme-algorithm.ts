import type { MapToken, SeedToken } from 'antd/es/theme/interface';
import defaultAlgorithm from 'antd/es/theme/themes/default';

import { BUILT_MAP, BUILT_SEED } from './theme-tokens.gen';

const builtSeed = BUILT_SEED as unknown as Record<string, unknown>;
const builtSeedSize = Object.keys(builtSeed).length;

function isBuiltSeed(seed: SeedToken): boolean {
  const token = seed as unknown as Record<string, unknown>;
  const keys = Object.keys(token);
  return keys.length === builtSeedSize && keys.every((key) => token[key] === builtSeed[key]);
}

/**
 * antd's default algorithm (seed token to map token), answered from the build for the app's theme
 * (ACCESSIBLE_THEME, src/shared/ui/theme-tokens.gen.ts by scripts/generate-theme-tokens.mjs): on
 * a load, antd derives the theme's tokens on the first render, and the palettes of every preset
 * colour (TinyColor conversions, over a hundred) were the bulk of that task on a phone. Any other
 * seed (the reduced-motion theme) is derived as antd does, so the tokens are always antd's own.
 */
export function builtAlgorithm(seed: SeedToken): MapToken {
  return isBuiltSeed(seed) ? { ...BUILT_MAP } : defaultAlgorithm(seed);
}
