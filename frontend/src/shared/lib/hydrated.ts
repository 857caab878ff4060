import { useDeferredValue, useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False while React renders on the server (the landing page prerendered at build time,
 * app/prerender) and while the browser hydrates that HTML; true after, and at once in a render
 * with nothing to hydrate. What renders only when this is true is left out of the prerendered
 * HTML and added right after hydration, without a mismatch.
 *
 * After hydration the change to true is deferred (`useDeferredValue`): React re-renders a store
 * whose snapshot differs from the server's synchronously, in one task, and what appears then (the
 * landing page's forms, the toasts' host) took up to a second and a half of a phone's main
 * thread in one piece. Deferred, it renders in slices that yield to the browser.
 */
export function useHydrated(): boolean {
  return useDeferredValue(!useServerOrHydrating());
}

/**
 * True while rendering to HTML (at build time) and while the browser hydrates that HTML; false in
 * any other render. Not deferred: `useHydrated` is the one to render by; this says, in a first
 * render, whether server HTML is there to keep (StaticMarkup).
 */
export function useServerOrHydrating(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
}
