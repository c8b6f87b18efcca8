import { lookupMessages } from '@app/contract/lookup';
import type { Db } from '../../db/db';
import type { ResolvedEnv } from '../../env';
import { HttpError } from '../../lib/http-error';
import { lookupSign } from '../lookup/repository';
import { qrPng, signPageUrl } from '../qr/qr';
import { renderSignPdf, type SignSize } from './sign-pdf';

/**
 * The printable warning sign of a registered sign: 404 for an unknown reference, 409 for a sign
 * no operator has registered (there is nobody to print on it).
 */
export async function signPdf(
  ctx: { db: Db; env: ResolvedEnv },
  signRef: string,
  size: SignSize,
): Promise<{ signRef: string; pdf: Buffer }> {
  const sign = await lookupSign(ctx.db, signRef);
  if (!sign) throw new HttpError(404, lookupMessages.notFound);
  if (!sign.scheme) throw new HttpError(409, lookupMessages.notRegistered);
  const pageUrl = signPageUrl(ctx.env, sign.signRef);
  const pdf = await renderSignPdf({
    signRef: sign.signRef,
    scheme: sign.scheme,
    pageUrl,
    qrPng: await qrPng(pageUrl, 800),
    size,
  });
  return { signRef: sign.signRef, pdf };
}
