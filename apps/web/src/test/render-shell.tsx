import { type BrandConfig, brandById } from '@app/brands';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { appRoutes } from '../app/routes';
import { loadRouteGroup } from '../brands/route-groups';
import { BrandProvider } from '../lib/brand';

/** Base64url JSON, as in a JSON web token. */
function base64url(value: object): string {
  return btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** An unsigned token with the claims the web app reads; `expInSeconds` from now (negative = expired). */
export function fakeToken(expInSeconds: number, id = 42): string {
  const exp = Math.floor(Date.now() / 1000) + expInSeconds;
  return `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url({ id, userName: 'operator', exp })}.signature`;
}

/** Renders the whole shell (layout, the brand's real route group) at `path` in a memory router. */
export async function renderShell({
  brand = brandById('signs'),
  path = '/',
}: {
  brand?: BrandConfig;
  path?: string;
} = {}) {
  const { routes } = await loadRouteGroup(brand.id);
  const router = createMemoryRouter(appRoutes(routes), { initialEntries: [path] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <BrandProvider brand={brand}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </BrandProvider>,
  );
  return { ...view, router };
}
