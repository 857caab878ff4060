import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';

export interface Preloadable<P extends object = object> {
  /** Renders the loaded component; loads it first (suspending, like `lazy`) if it is not yet. */
  Component: ComponentType<P>;
  /** Loads the component's code now, once; a failed load is tried again on the next call. */
  preload: () => Promise<ComponentType<P>>;
}

/**
 * `React.lazy` that can be loaded ahead of its first render, and that renders at once when it
 * was. A `lazy` component suspends on its first render even when its module has arrived: a
 * fallback is committed, and React holds the content back until 300 ms after the last fallback
 * it showed (its reveal throttle). On the signed-in Dashboard the shell and then the page each
 * did so, and its largest paint waited for both (docs/performance.md). Its props are the loaded
 * component's: a dialog loaded ahead (the deletion banner's Restore) takes them as `lazy` would.
 */
export function preloadable<P extends object = object>(
  load: () => Promise<ComponentType<P>>,
): Preloadable<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const preload = () => {
    pending ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  const Lazy = lazy(async () => ({ default: await preload() }));
  function Preloaded(props: P) {
    // Fixed for the element's lifetime: switching from the lazy wrapper to the component itself
    // later would mount the page afresh.
    const [Loaded] = useState(() => loaded);
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  return { Component: Preloaded, preload };
}

/**
 * A `preloadable` component that waits for its code in place, inside a Suspense boundary of its
 * own: until the code has come it renders `fallback` with the same props (nothing without one),
 * and the page around it shows meanwhile. For parts a page can show without: a select on its
 * first screen (a skeleton of the same size holds its place), a dialog, antd's Tabs.
 */
export function loadedInPlace<P extends object = object>(
  load: () => Promise<ComponentType<P>>,
  fallback?: (props: P) => ReactNode,
): Preloadable<P> {
  const { Component, preload } = preloadable(load);
  function InPlace(props: P) {
    return (
      <Suspense fallback={fallback?.(props)}>
        <Component {...props} />
      </Suspense>
    );
  }
  return { Component: InPlace, preload };
}
