import type { BrandId } from '@app/brands';
import { startTransition, useEffect, useState } from 'react';
import { createBrowserRouter } from 'react-router';
import { loadRouteGroup } from '../brands/route-groups';
import { appRoutes } from './routes';

type BrandRouter = ReturnType<typeof createBrowserRouter>;

export type BrandRouterState =
  | { status: 'loading' }
  | { status: 'ready'; router: BrandRouter }
  | { status: 'failed'; error: unknown };

/**
 * Loads the brand's route group and builds its router; loads again when the brand changes.
 * The router is made in the effect, not during render, so a discarded render never leaves a
 * router listening to the history.
 */
export function useBrandRouter(brandId: BrandId): BrandRouterState {
  const [state, setState] = useState<{ brandId: BrandId; value: BrandRouterState } | null>(null);

  useEffect(() => {
    let current = true;
    let router: BrandRouter | null = null;
    loadRouteGroup(brandId).then(
      (group) => {
        if (!current) return;
        router = createBrowserRouter(appRoutes(group.routes));
        const ready: BrandRouterState = { status: 'ready', router };
        // Rendering the site is background work: in a transition it runs in short slices.
        startTransition(() => setState({ brandId, value: ready }));
      },
      (error: unknown) => {
        console.error(`The pages of ${brandId} could not be loaded`, error);
        if (current) setState({ brandId, value: { status: 'failed', error } });
      },
    );
    return () => {
      current = false;
      router?.dispose();
    };
  }, [brandId]);

  return state?.brandId === brandId ? state.value : { status: 'loading' };
}
