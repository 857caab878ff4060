import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False while React renders on the server (the landing page prerendered at build time,
 * app/prerender) and while the browser hydrates that HTML; true after, and at once in a render
 * with nothing to hydrate. What renders only when this is true is left out of the prerendered
 * HTML and added right after hydration, without a mismatch.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
