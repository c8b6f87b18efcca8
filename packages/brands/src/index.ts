import { anpr } from './brands/anpr';
import { dvr } from './brands/dvr';
import { ipcam } from './brands/ipcam';
import { multiplexer } from './brands/multiplexer';
import { nvr } from './brands/nvr';
import { signs } from './brands/signs';
import { voice } from './brands/voice';
import { resolveBrandId } from './start';
import type { BrandConfig, BrandId } from './types';

export { matchPage, pagePatternToRegExp } from './pages';
export { hostKey } from './resolve-brand';
export { type BrandStart, type BrandTheme, brandStarts, defaultBrandId, resolveBrandId } from './start';
export * from './types';

export const brands: readonly BrandConfig[] = [signs, dvr, voice, nvr, anpr, multiplexer, ipcam];

export function brandById(id: BrandId): BrandConfig {
  const brand = brands.find((b) => b.id === id);
  if (!brand) throw new Error(`Unknown brand ${id}`);
  return brand;
}

export const defaultBrand: BrandConfig = brandById('signs');

/** The brand of a host name; unknown hosts (and `localhost` itself) get the default brand. */
export function resolveBrand(host: string | undefined | null): BrandConfig {
  return brandById(resolveBrandId(host));
}

/** The default `<title>`: a question about who is watching the visitor. */
export const DEFAULT_TITLE = 'Who is watching me?';
