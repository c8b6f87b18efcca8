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

export function qrSvg(url: string): Promise<string> {
  return QRCode.toString(url, { ...options, type: 'svg' });
}

/** A PNG of `width` pixels (the print artwork asks for a large one). */
export function qrPng(url: string, width = 512): Promise<Buffer> {
  return QRCode.toBuffer(url, { ...options, type: 'png', width });
}
