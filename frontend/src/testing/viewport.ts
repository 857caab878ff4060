import { vi } from 'vitest';

/**
 * Makes `window.matchMedia` answer width queries (`min-width`, `max-width`, in px) as a screen
 * `width` px wide would, so antd's breakpoints (Grid.useBreakpoint) see a phone or a desktop.
 * The test config's `unstubGlobals` puts the default back after each test.
 */
export function stubScreenWidth(width: number): void {
  vi.stubGlobal('matchMedia', (query: string): MediaQueryList => {
    const conditions = [...query.matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)];
    const matches =
      conditions.length > 0 &&
      conditions.every(([, kind, px]) =>
        kind === 'min' ? width >= Number(px) : width <= Number(px),
      );
    return {
      matches,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    };
  });
}
