import { hostKey } from './resolve-brand';
import { type BrandConfig, type BrandId, brandIds } from './types';

/**
 * SPEC.md section 1: how long the start-up overlay shows at start and again after a host change.
 * Over a page the server drew it is counted from the page's first paint, by CSS (global.css keeps
 * the same 1 s); every brand shares this one duration.
 */
export const START_OVERLAY_MS = 1000;

/** The colours and spacing the web app writes as CSS custom properties. */
export type BrandTheme = Pick<
  BrandConfig,
  'primaryColor' | 'navFontColor' | 'activeColor' | 'bodyColor' | 'footerMargin'
>;

/**
 * What a browser needs of a brand before the brand's configuration has arrived: the host keys that
 * pick the brand, and the theme the start-up overlay wears. The brand configs take both from here.
 */
export interface BrandStart {
  hostKeys: readonly string[];
  theme: BrandTheme;
}

export const brandStarts: Readonly<Record<BrandId, BrandStart>> = {
  signs: {
    hostKeys: ['signs', 'cctvsignregister'],
    theme: {
      primaryColor: '#0b3d91',
      navFontColor: '#ffffff',
      activeColor: '#ffc20e',
      bodyColor: '#f2f2f2',
      footerMargin: 0,
    },
  },
  dvr: {
    hostKeys: ['dvr', 'aliendvr'],
    theme: {
      primaryColor: '#14532d',
      navFontColor: '#ffffff',
      activeColor: '#a3e635',
      bodyColor: '#f2f2f2',
      footerMargin: 56,
    },
  },
  voice: {
    hostKeys: ['voice', 'voxalert'],
    theme: {
      primaryColor: '#8b1538',
      navFontColor: '#ffffff',
      activeColor: '#ffd166',
      bodyColor: '#f2f2f2',
      footerMargin: 56,
    },
  },
  nvr: {
    hostKeys: ['nvr', 'zipvision'],
    theme: {
      primaryColor: '#004e64',
      navFontColor: '#ffffff',
      activeColor: '#7ee8fa',
      bodyColor: '#f2f2f2',
      footerMargin: 56,
    },
  },
  anpr: {
    hostKeys: ['anpr', 'platesight'],
    theme: {
      primaryColor: '#23263a',
      navFontColor: '#f8f9fa',
      activeColor: '#ffd400',
      bodyColor: '#f2f2f2',
      footerMargin: 56,
    },
  },
  multiplexer: {
    hostKeys: ['multiplexer', 'cablemux'],
    theme: {
      primaryColor: '#4a2c7a',
      navFontColor: '#ffffff',
      activeColor: '#e9b8ff',
      bodyColor: '#f2f2f2',
      footerMargin: 56,
    },
  },
  ipcam: {
    hostKeys: ['ipcam', 'ipcamscout'],
    theme: {
      primaryColor: '#9a3412',
      navFontColor: '#ffffff',
      activeColor: '#fde68a',
      bodyColor: '#f2f2f2',
      footerMargin: 56,
    },
  },
};

/** The brand of unknown hosts and of `localhost` itself. */
export const defaultBrandId: BrandId = 'signs';

const brandIdByHostKey = new Map<string, BrandId>(
  brandIds.flatMap((id) => brandStarts[id].hostKeys.map((key) => [key.toLowerCase(), id] as const)),
);

/** The brand id of a host name; unknown hosts (and `localhost` itself) get the default brand. */
export function resolveBrandId(host: string | undefined | null): BrandId {
  return brandIdByHostKey.get(hostKey(host ?? '')) ?? defaultBrandId;
}
