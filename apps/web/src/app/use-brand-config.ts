import type { BrandConfig, BrandId } from '@app/brands';
import { loadBrand } from '@app/brands/load-brand';
import { startTransition, useEffect, useRef, useState } from 'react';

export type BrandConfigState =
  | { status: 'loading' }
  | { status: 'ready'; brand: BrandConfig }
  | { status: 'failed'; error: unknown };

/**
 * Loads the configuration of the brand; loads again when the brand changes. `initial` is the
 * configuration a server-rendered page started with (of `brandId`).
 */
export function useBrandConfig(brandId: BrandId, initial?: BrandConfig): BrandConfigState {
  const [state, setState] = useState<{ brandId: BrandId; value: BrandConfigState } | null>(() =>
    initial ? { brandId: initial.id, value: { status: 'ready', brand: initial } } : null,
  );

  const startRef = useRef(initial);

  useEffect(() => {
    if (startRef.current?.id === brandId) return;
    // Once the host has changed, coming back loads the configuration like any other.
    startRef.current = undefined;
    let current = true;
    loadBrand(brandId).then(
      (brand) => {
        // Rendering the site is background work: in a transition it runs in short slices.
        if (current) startTransition(() => setState({ brandId, value: { status: 'ready', brand } }));
      },
      (error: unknown) => {
        console.error(`The configuration of ${brandId} could not be loaded`, error);
        if (current) setState({ brandId, value: { status: 'failed', error } });
      },
    );
    return () => {
      current = false;
    };
  }, [brandId]);

  return state?.brandId === brandId ? state.value : { status: 'loading' };
}
