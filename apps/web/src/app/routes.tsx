import { Navigate, type RouteObject } from 'react-router';
import { AppLayout } from './layout/app-layout';
import { NOT_FOUND_PATH, NotFoundPage } from './pages/not-found-page';
import { RouteErrorPage } from './pages/route-error-page';

/** The route tree of a brand: its route group inside the shared layout, plus /404 and the catch-all. */
export function appRoutes(brandRoutes: RouteObject[]): RouteObject[] {
  return [
    {
      element: <AppLayout />,
      errorElement: <RouteErrorPage />,
      children: [
        {
          // Keeps the layout on screen when a page fails.
          errorElement: <RouteErrorPage />,
          children: [
            ...brandRoutes,
            { path: NOT_FOUND_PATH, element: <NotFoundPage /> },
            { path: '*', element: <Navigate to={NOT_FOUND_PATH} replace /> },
          ],
        },
      ],
    },
  ];
}
