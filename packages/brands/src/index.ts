import { anpr } from './brands/anpr';
import { dvr } from './brands/dvr';
import { ipcam } from './brands/ipcam';
import { multiplexer } from './brands/multiplexer';
import { nvr } from './brands/nvr';
import { signs } from './brands/signs';
import { voice } from './brands/voice';
import { makeResolver } from './resolve-brand';
import type { BrandConfig, BrandId } from './types';

export { matchPage, pagePatternToRegExp } from './pages';
export { hostKey } from './resolve-brand';
export * from './types';

export const brands: readonly BrandConfig[] = [signs, dvr, voice, nvr, anpr, multiplexer, ipcam];
export const defaultBrand: BrandConfig = signs;

/** The brand of a host name; unknown hosts (and `localhost` itself) get the default brand. */
export const resolveBrand = makeResolver(brands, defaultBrand);

export function brandById(id: BrandId): BrandConfig {
  const brand = brands.find((b) => b.id === id);
  if (!brand) throw new Error(`Unknown brand ${id}`);
  return brand;
}

/** The default `<title>`: a question about who is watching the visitor. */
export const DEFAULT_TITLE = 'Who is watching me?';
