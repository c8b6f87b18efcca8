import type { BrandId } from '@app/brands';
import type { RouteObject } from 'react-router';

/**
 * A brand's pages: the children of the shared layout route. Paths are absolute ('/comply').
 * A page with heavy content can use `lazy` instead of `element` to split further.
 */
export interface RouteGroup {
  routes: RouteObject[];
}

// One dynamic import per brand, so a brand's visitors download only their brand's pages.
const loaders: Record<BrandId, () => Promise<RouteGroup>> = {
  signs: () => import('./signs/routes'),
  dvr: () => import('./dvr/routes'),
  voice: () => import('./voice/routes'),
  nvr: () => import('./nvr/routes'),
  anpr: () => import('./anpr/routes'),
  multiplexer: () => import('./multiplexer/routes'),
  ipcam: () => import('./ipcam/routes'),
};

export function loadRouteGroup(brandId: BrandId): Promise<RouteGroup> {
  return loaders[brandId]();
}
