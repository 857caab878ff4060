import { lazy, Suspense } from 'react';
import { Outlet, useMatches, type UIMatch } from 'react-router';

import { useSession } from '@/features/auth/session/session';
import { PageLoader } from '@/shared/ui/page-loader';

import { AppShell } from './app-shell';
import { PageFrame } from './page-frame';

/** Route metadata read by the gate. */
export interface RouteHandle {
  /** Shown to signed-out visitors too (the pages reached from emailed links). */
  public?: boolean;
}

// Signed-in users never need the landing page's code.
const LandingPage = lazy(async () => ({
  default: (await import('../routes/landing-page')).LandingPage,
}));

function isPublic(matches: UIMatch[]): boolean {
  return matches.some((match) => (match.handle as RouteHandle | undefined)?.public === true);
}

/**
 * Decides what the root shows (spec §2, §4): a loader while the stored token is checked, the
 * app shell once signed in, and for signed-out visitors the landing page at every path except
 * the public ones.
 */
export function AuthGate() {
  const session = useSession();
  const matches = useMatches();

  if (session.status === 'loading') return <PageLoader />;
  if (session.status === 'signed-in') return <AppShell />;
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
