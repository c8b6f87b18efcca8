import type { BrandId } from '@app/brands';
import { startTransition, useEffect, useRef, useState } from 'react';
import { createBrowserRouter } from 'react-router';
import { loadRouteGroup } from '../brands/route-groups';
import { appRoutes } from './routes';

export type BrandRouter = ReturnType<typeof createBrowserRouter>;

export type BrandRouterState =
  | { status: 'loading' }
  | { status: 'ready'; router: BrandRouter }
  | { status: 'failed'; error: unknown };

/**
 * Loads the brand's route group and builds its router; loads again when the brand changes.
 * `initial` is the router a server-rendered page hydrates with (for the brand it starts on).
 * The router is made in the effect, not during render, so a discarded render never leaves a
 * router listening to the history.
 */
export function useBrandRouter(brandId: BrandId, initial?: BrandRouter): BrandRouterState {
  // A server-rendered page's router is made before the first render, for the brand of its host.
  const [initialBrand] = useState(brandId);
  const startRef = useRef(initial);
  const [state, setState] = useState<{ brandId: BrandId; value: BrandRouterState } | null>(() =>
    initial ? { brandId, value: { status: 'ready', router: initial } } : null,
  );

  useEffect(() => {
    if (startRef.current && brandId === initialBrand) return;
    // The host has changed: the first router stops listening, and coming back makes a new one.
    startRef.current?.dispose();
    startRef.current = undefined;
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
  }, [brandId, initialBrand]);

  return state?.brandId === brandId ? state.value : { status: 'loading' };
}
