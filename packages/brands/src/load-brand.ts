import type { BrandConfig, BrandId } from './types';

// One dynamic import per brand, so a browser downloads only the configuration of its own brand.
const loaders: Record<BrandId, () => Promise<BrandConfig>> = {
  signs: () => import('./brands/signs').then((m) => m.signs),
  dvr: () => import('./brands/dvr').then((m) => m.dvr),
  voice: () => import('./brands/voice').then((m) => m.voice),
  nvr: () => import('./brands/nvr').then((m) => m.nvr),
  anpr: () => import('./brands/anpr').then((m) => m.anpr),
  multiplexer: () => import('./brands/multiplexer').then((m) => m.multiplexer),
  ipcam: () => import('./brands/ipcam').then((m) => m.ipcam),
};

/** The configuration of one brand, loaded on demand. */
export function loadBrand(id: BrandId): Promise<BrandConfig> {
  return loaders[id]();
}
