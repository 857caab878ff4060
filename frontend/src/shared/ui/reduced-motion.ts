import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

function mediaQuery(): MediaQueryList | undefined {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(QUERY)
    : undefined;
}

function subscribe(onChange: () => void): () => void {
  const query = mediaQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/**
 * Whether the person asked their system for less motion (WCAG 2.1 2.3.3). antd animates
 * dialogs, toasts, menus and tabs whatever the system says; the providers turn its motion off
 * when this is true, and follow the setting when it changes. The browser tests run with it on,
 * so they wait for what a screen shows, not for an animation to end.
 */
export function usePrefersReducedMotion(): boolean {
  // The same answer while hydrating the prerendered landing page as after: it only changes
  // antd's context (no markup), and switching it right after hydration would make antd's
  // ConfigProvider wrap the whole tree in a new provider, remounting the page (a flash).
  // On the server there is no window and the answer is false.
  const prefersReducedMotion = () => mediaQuery()?.matches ?? false;
  return useSyncExternalStore(subscribe, prefersReducedMotion, prefersReducedMotion);
}
