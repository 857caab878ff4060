import { lazy, Suspense, useState, type ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';

import { PageLoader } from '@/shared/ui/page-loader';

import { AuthGate, type RouteHandle } from './layout/auth-gate';
import { APP_PAGES, pageComponent, type AppPage } from './routes/app-pages';
import { RouteErrorPage } from './routes/route-error-page';

type AuthRoutes = typeof import('@/features/auth/routes');

/** The auth feature's pages come from one lazily loaded module, fetched on first use. */
function authPage(pick: (module: AuthRoutes) => ComponentType) {
  return async () => ({ Component: pick(await import('@/features/auth/routes')) });
}

// Lazily, like the pages: signed-out visitors get the landing page at unknown paths.
const NotFoundPage = lazy(async () => ({
  default: (await import('./routes/not-found-page')).NotFoundPage,
}));

const PUBLIC: RouteHandle = { public: true };

function pageRoute(page: AppPage): RouteObject {
  // Loaded when rendered (or by the auth gate beforehand), not through the route's `lazy`: the
  // router calls `lazy` for every matched route, so signed-out visitors, who get the landing page
  // at these paths, would download the signed-in pages' code (at /, the whole dashboard) before
  // seeing it.
  const { Component: Page } = pageComponent(page);
  const content = {
    element: (
      <Suspense fallback={page.skeleton ?? <PageLoader />}>
        <Page />
      </Suspense>
    ),
  };
  return page.path === '/' ? { index: true, ...content } : { path: page.path.slice(1), ...content };
}

/**
 * Each feature contributes lazily loaded route modules (`features/<name>/routes.tsx`), so its
 * code is fetched only when one of its paths is visited.
 */
export const routes: RouteObject[] = [
  {
    Component: AuthGate,
    HydrateFallback: PageLoader,
    ErrorBoundary: RouteErrorPage,
    children: [
      ...APP_PAGES.map(pageRoute),
      { path: 'verify-email', handle: PUBLIC, lazy: authPage((m) => m.VerifyEmailPage) },
      { path: 'reset-password', handle: PUBLIC, lazy: authPage((m) => m.ResetPasswordPage) },
      { path: 'confirm-email', handle: PUBLIC, lazy: authPage((m) => m.ConfirmEmailPage) },
      { path: 'reauthenticated', handle: PUBLIC, lazy: authPage((m) => m.ReauthenticatedPage) },
      { path: 'continue', handle: PUBLIC, lazy: authPage((m) => m.ContinuePage) },
      { path: 'forgot-password', handle: PUBLIC, lazy: authPage((m) => m.ForgotPasswordPage) },
      { path: 'find-school', handle: PUBLIC, lazy: authPage((m) => m.FindSchoolPage) },
      {
        path: 'resend-verification',
        handle: PUBLIC,
        lazy: authPage((m) => m.ResendVerificationPage),
      },
      // Signed out, /login is the landing page with its Sign In tab open; signed in, the dashboard.
      { path: 'login', element: <Navigate to="/" replace /> },
      {
        path: '*',
        element: (
          <Suspense fallback={<PageLoader />}>
            <NotFoundPage />
          </Suspense>
        ),
      },
    ],
  },
];

export function AppRouter() {
  const [router] = useState(() => createBrowserRouter(routes));
  return <RouterProvider router={router} />;
}
