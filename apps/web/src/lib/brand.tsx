import type { BrandConfig } from '@app/brands';
import { createContext, type ReactNode, use } from 'react';

const BrandContext = createContext<BrandConfig | null>(null);

export function BrandProvider({ brand, children }: { brand: BrandConfig; children: ReactNode }) {
  return <BrandContext value={brand}>{children}</BrandContext>;
}

/** The brand of the current host. */
export function useBrand(): BrandConfig {
  const brand = use(BrandContext);
  if (!brand) throw new Error('useBrand must be used inside <BrandProvider>');
  return brand;
}
