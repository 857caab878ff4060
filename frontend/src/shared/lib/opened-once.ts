import { useState } from 'react';

/**
 * Whether something shown by `open` (a dialog, a drawer) has been open at least once: true from
 * its first opening on, also once it is closed again. For a lazily loaded dialog, mounted only
 * from then on, so that its code is not fetched before it is wanted and it still closes with its
 * animation (unmounted at once it would vanish).
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  // Set during render (React's way to derive state from a prop), so the first open render already
  // sees it: the dialog mounts in the same commit that opens it.
  if (open && !opened) setOpened(true);
  return opened || open;
}
