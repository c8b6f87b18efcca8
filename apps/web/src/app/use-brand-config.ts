import type { BrandConfig, BrandId } from '@app/brands';
import { loadBrand } from '@app/brands/load-brand';
import { startTransition, useEffect, useState } from 'react';

export type BrandConfigState =
  | { status: 'loading' }
  | { status: 'ready'; brand: BrandConfig }
  | { status: 'failed'; error: unknown };

/** Loads the configuration of the brand; loads again when the brand changes. */
export function useBrandConfig(brandId: BrandId): BrandConfigState {
  const [state, setState] = useState<{ brandId: BrandId; value: BrandConfigState } | null>(null);

  useEffect(() => {
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
