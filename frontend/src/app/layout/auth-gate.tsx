import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useMatches, type UIMatch } from 'react-router';

import { useSession } from '@/features/auth/session/session';
import { PageLoader } from '@/shared/ui/page-loader';

import { PageFrame } from './page-frame';

/** Route metadata read by the gate. */
export interface RouteHandle {
  /** Shown to signed-out visitors too (the pages reached from emailed links). */
  public?: boolean;
}

// Signed-out visitors never need the signed-in shell's code (its navigation menu, for one)…
const loadAppShell = () => import('./app-shell');
const AppShell = lazy(async () => ({ default: (await loadAppShell()).AppShell }));

// …and signed-in users never need the landing page's code.
const LandingPage = lazy(async () => ({
  default: (await import('../routes/landing-page')).LandingPage,
}));

function isPublic(matches: UIMatch[]): boolean {
  return matches.some((match) => (match.handle as RouteHandle | undefined)?.public === true);
}

/**
 * Decides what the root shows (docs/product.md#talking-to-the-server): a loader while the stored token is checked, the
 * app shell once signed in, and for signed-out visitors the landing page at every path except
 * the public ones.
 */
export function AuthGate() {
  const session = useSession();
  const matches = useMatches();
  const loading = session.status === 'loading';

  // A stored token is being checked: most likely it is still good, so the shell's code is
  // fetched alongside the user instead of after it.
  useEffect(() => {
    // A failed fetch is retried, and reported, when the shell renders.
    if (loading) loadAppShell().catch(() => undefined);
  }, [loading]);

  if (loading) return <PageLoader />;
  if (session.status === 'signed-in')
    return (
      <Suspense fallback={<PageLoader />}>
        <AppShell />
      </Suspense>
    );
  return (
    <PageFrame>
      {isPublic(matches) ? (
        <Outlet />
      ) : (
        <Suspense fallback={<PageLoader />}>
          <LandingPage />
        </Suspense>
      )}
    </PageFrame>
  );
}
