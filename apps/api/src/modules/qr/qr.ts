import { brandById } from '@app/brands';
import QRCode from 'qrcode';
import type { Env } from '../../env';
import { publicOrigin } from '../../lib/public-url';

type LinkEnv = Pick<Env, 'publicUrlPattern' | 'nodeEnv' | 'port'>;

/** The public page of a sign on the signs brand's own domain, whichever host asked. */
export function signPageUrl(env: LinkEnv, signRef: string): string {
  return `${publicOrigin(brandById('signs'), env)}/sign/${encodeURIComponent(signRef)}`;
}

// M: survives a scuffed or partly shaded sign; the URLs are short, so the code stays coarse.
const options = { errorCorrectionLevel: 'M', margin: 4 } as const;

/** The most codes kept drawn (a few KB each): a sign page drawn by the server shows its code. */
const SVGS_KEPT = 1000;
const svgs = new Map<string, Promise<string>>();

/**
 * The code of `url` as SVG. A URL's code never changes, so the last SVGS_KEPT are kept (least
 * recently used go first): drawing one (choosing the best of eight masks) cost about 1 ms of each
 * server-drawn sign page.
 */
export function qrSvg(url: string): Promise<string> {
  let svg = svgs.get(url);
  if (svg) svgs.delete(url);
  else {
    svg = QRCode.toString(url, { ...options, type: 'svg' });
    svg.catch(() => svgs.delete(url));
    const oldest = svgs.size >= SVGS_KEPT ? svgs.keys().next() : undefined;
    if (oldest && !oldest.done) svgs.delete(oldest.value);
  }
  svgs.set(url, svg);
  return svg;
}

/** A PNG of `width` pixels (the print artwork asks for a large one). */
export function qrPng(url: string, width = 512): Promise<Buffer> {
  return QRCode.toBuffer(url, { ...options, type: 'png', width });
}
