import { Activity, lazy, Suspense, useDeferredValue, useEffect, useRef } from 'react';
import { useDispatch } from 'react-redux';
import { Outlet, useLocation, useMatches, type UIMatch } from 'react-router';

import { useGetHostQuery } from '@/features/auth/api';
import { subdomainFromHost } from '@/features/auth/lib/host-subdomain';
import { useSession } from '@/features/auth/session/session';
import { accessFor } from '@/shared/auth/access';
import { PageLoader } from '@/shared/ui/page-loader';

import type { AppDispatch } from '../store';

import { preloadable } from '@/shared/lib/preloadable';
import { pageAt, pageComponent } from '../routes/app-pages';
import { PageFrame } from './page-frame';

/** Route metadata read by the gate. */
export interface RouteHandle {
  /** Shown to signed-out visitors too (the pages reached from emailed links). */
  public?: boolean;
}

// Signed-out visitors never need the signed-in shell's code (its navigation menu, for one)…
const { Component: AppShell, preload: loadAppShell } = preloadable(
  async () => (await import('./app-shell')).AppShell,
);

// An admin who must turn on two-step verification first sees only its setup.
const TwoFactorSetupRequired = lazy(async () => ({
  default: (await import('./two-factor-setup-frame')).TwoFactorSetupFrame,
}));
// An address naming no organisation is rare: its page is fetched only then.
const UnknownSchoolPage = lazy(async () => ({
  default: (await import('@/features/auth/routes')).UnknownSchoolPage,
}));

// …and signed-in users never need the landing page's code.
const LandingPage = lazy(async () => ({
  default: (await import('../routes/landing-page')).LandingPage,
}));

function isPublic(matches: UIMatch[]): boolean {
  return matches.some((match) => (match.handle as RouteHandle | undefined)?.public === true);
}

/**
 * What stands in while the session is checked and the shell's code loads: the page's own
 * skeleton in the frame where it has one (the Dashboard, the first screen after signing in),
 * so no full-page spinner flashes before it; the page loader elsewhere.
 */
function Pending() {
  const { pathname } = useLocation();
  const skeleton = pageAt(pathname)?.skeleton;
  return skeleton ? <PageFrame>{skeleton}</PageFrame> : <PageLoader />;
}

/**
 * Decides what the root shows (docs/product.md#talking-to-the-server): `Pending` while the stored token is checked, the
 * app shell once signed in, and for signed-out visitors the landing page at every path except
 * the public ones.
 */
export function AuthGate() {
  const session = useSession();
  const matches = useMatches();
  const loading = session.status === 'loading';
  // An address that looks like a school's (docs/product.md#accounts-and-sign-in) is asked about
  // before a signed-out visitor sees anything there: the school's sign-in, or the page saying no
  // school has that address. Every screen reads the answer from the cache. Elsewhere the landing
  // page asks (the bare domain's Sign In differs), and the other screens work as always.
  const mayBeSchool = subdomainFromHost(window.location.hostname) !== undefined;
  const host = useGetHostQuery(undefined, {
    skip: session.status !== 'signed-out' || !mayBeSchool,
  });

  // A stored token is being checked: most likely it is still good, so the shell's and the page's
  // code are loaded alongside the user instead of after it (at /, the boot script has already
  // fetched both), and render at once when it comes.
  useEffect(() => {
    if (!loading) return;
    // A failed fetch is retried, and reported, when the shell or the page renders.
    loadAppShell().catch(() => undefined);
    const page = pageAt(window.location.pathname);
    if (page)
      pageComponent(page)
        .preload()
        .catch(() => undefined);
  }, [loading]);

  // Once the user is known, the page's first request goes out beside the shell's and the page's
  // code (AppPage.prefetch), not after them: the page the router is on then (a sign-up moves to
  // `/` without loading a new page, so the browser's address can lag behind).
  const dispatch = useDispatch<AppDispatch>();
  const role = session.status === 'signed-in' ? session.user.role : undefined;
  const { pathname } = useLocation();
  const pathnameRef = useRef(pathname);
  useEffect(() => {
    pathnameRef.current = pathname;
  }, [pathname]);
  useEffect(() => {
    if (role === undefined) return;
    pageAt(pathnameRef.current)?.prefetch?.(dispatch, accessFor(role));
  }, [role, dispatch]);

  // The user's answer arrives as a store update, which React renders synchronously: with the
  // shell's and the page's code already loaded (the boot script fetches them beside the entry),
  // the whole signed-in screen would be one long task. Its first render is deferred instead: a
  // transition, rendered in slices between which the browser stays responsive.
  const shownStatus = useDeferredValue(session.status);
  const pending = loading || (session.status === 'signed-in' && shownStatus === 'loading');
  if (session.status === 'signed-in' && !pending && session.user.twoFactorSetupRequired)
    return (
      <Suspense fallback={<PageLoader />}>
        <TwoFactorSetupRequired />
      </Suspense>
    );
  if (pending || session.status === 'signed-in')
    return (
      <>
        {pending && <Pending />}
        {/* While the stored token is checked, the shell and the page in it are rendered ahead,
            hidden and at idle priority, with no effects (so no requests): when the user comes
            they are revealed and updated rather than rendered from nothing. */}
        <Activity mode={pending ? 'hidden' : 'visible'}>
          <Suspense fallback={<Pending />}>
            <AppShell />
          </Suspense>
        </Activity>
      </>
    );
  if (host.data?.unknownOrganization && host.data.baseDomain) {
    return (
      <PageFrame>
        <Suspense fallback={<PageLoader />}>
          <UnknownSchoolPage baseDomain={host.data.baseDomain} />
        </Suspense>
      </PageFrame>
    );
  }
  if (mayBeSchool && host.isLoading) return <PageLoader />;
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
