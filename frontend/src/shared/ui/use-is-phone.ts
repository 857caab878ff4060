import { Grid } from 'antd';

/**
 * Whether the screen is narrower than antd's `md` breakpoint (768 px): a phone, or a window as
 * narrow. Screens with room for the desktop layouts keep them; these get the layouts made for
 * one column. It asks antd's `Grid.useBreakpoint`, so it follows the same breakpoints as `Col`.
 *
 * A screen matching no breakpoint at all (a test's DOM without media queries) counts as wide.
 */
export function useIsPhone(): boolean {
  const screens = Grid.useBreakpoint();
  return Boolean(screens.xs || screens.sm) && !screens.md;
}
