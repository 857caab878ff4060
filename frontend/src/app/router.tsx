import { useState } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';

import { PageLoader } from '@/shared/ui/page-loader';

import { AppShell } from './layout/app-shell';
import { NotFoundPage } from './routes/not-found-page';
import { RouteErrorPage } from './routes/route-error-page';

/**
 * Each feature contributes one lazily loaded route module (`features/<name>/routes.tsx`),
 * so its code is fetched only when one of its paths is visited.
 */
export const routes: RouteObject[] = [
  {
    Component: AppShell,
    HydrateFallback: PageLoader,
    ErrorBoundary: RouteErrorPage,
    children: [
      { index: true, lazy: () => import('@/features/tenants/routes') },
      { path: '*', Component: NotFoundPage },
    ],
  },
];

export function AppRouter() {
  const [router] = useState(() => createBrowserRouter(routes));
  return <RouterProvider router={router} />;
}
