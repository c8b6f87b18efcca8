import { lookupMessages } from '@app/contract/lookup';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../lib/http-error';
import { rateLimit } from '../../plugins/rate-limit';
import { lookupSign } from '../lookup/repository';
import { qrPng, signPageUrl } from '../qr/qr';
import { renderSignPdf, SIGN_SIZES } from './sign-pdf';

const MINUTE = 60_000;

export const printRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/signs/:signRef/print.pdf',
    {
      config: { auth: 'public' },
      // Rendering costs far more than a look-up.
      preHandler: rateLimit({ name: 'sign-print', perAddress: { max: 20, windowMs: MINUTE } }),
      schema: {
        tags: ['signs'],
        summary: 'A printable warning sign (PDF, A4 or A3) with the operator, contact, QR code and reference',
        params: z.object({ signRef: z.string().trim().min(1).max(40) }),
        querystring: z.object({ size: z.enum(SIGN_SIZES).default('A4') }),
        description: '404 `{ message }` for an unknown reference, 409 for a sign no operator has registered.',
      },
    },
    async (request, reply) => {
      const sign = await lookupSign(app.db, request.params.signRef);
      if (!sign) throw new HttpError(404, lookupMessages.notFound);
      if (!sign.scheme) throw new HttpError(409, lookupMessages.notRegistered);
      const pageUrl = signPageUrl(app.env, sign.signRef);
      const pdf = await renderSignPdf({
        signRef: sign.signRef,
        scheme: sign.scheme,
        pageUrl,
        qrPng: await qrPng(pageUrl, 800),
        size: request.query.size,
      });
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="sign-${sign.signRef}-${request.query.size}.pdf"`)
        .send(pdf);
    },
  );
};
