import '@testing-library/jest-dom/vitest';

import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy…/waitFor give up after 1 s by default. The first screen of a file loads its lazy route
// module cold, which on a busy 2-core CI runner (jest and vitest workers side by side) has taken
// longer (over 5 s once, at a load average of 13 with vitest 5 on Node 24); they still return as
// soon as the element is there, so a longer limit only lengthens a real failure.
configure({ asyncUtilTimeout: 10_000 });

// Testing Library only cleans up by itself when test globals are on; they are off here.
afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

// jsdom has no matchMedia, and antd's responsive hooks (Grid, Layout breakpoints) call it.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

// jsdom has no ResizeObserver either; antd's Tabs and Menu measure themselves with it. Nothing
// ever resizes in jsdom, so an observer that never fires is faithful.
class NoopResizeObserver implements ResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
Object.defineProperty(window, 'ResizeObserver', {
  writable: true,
  configurable: true,
  value: NoopResizeObserver,
});
