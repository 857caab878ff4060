import { Suspense, type ReactNode } from 'react';

import { useRevealInSteps } from '@/shared/lib/reveal-in-steps';

/**
 * `children`, rendered at its turn among the page's reveals (useRevealInSteps) instead of in the
 * page's first commit: for a section below a page's first screen, so that mounting it is a task
 * of its own on a phone. Its turn comes after the page's lists have revealed their rows (and, like
 * theirs, waits while the page reaches far below the view). The section may be a `lazy`
 * component: nothing shows until its code has arrived.
 */
export function RevealInTurn({ children }: { children: ReactNode }) {
  return useRevealInSteps(1, 1, 0, true) > 0 ? <Suspense>{children}</Suspense> : null;
}
