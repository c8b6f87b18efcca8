import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { printLimit } from '../../limits';
import { rateLimit } from '../../plugins/rate-limit';
import { signPdf } from './service';
import { SIGN_SIZES } from './sign-pdf';

export const printRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/signs/:signRef/print.pdf',
    {
      config: { auth: 'public' },
      preHandler: rateLimit(printLimit),
      schema: {
        tags: ['signs'],
        summary: 'A printable warning sign (PDF, A4 or A3) with the operator, contact, QR code and reference',
        params: z.object({ signRef: z.string().trim().min(1).max(40) }),
        querystring: z.object({ size: z.enum(SIGN_SIZES).default('A4') }),
        description: '404 `{ message }` for an unknown reference, 409 for a sign no operator has registered.',
      },
    },
    async (request, reply) => {
      const { size } = request.query;
      const { signRef, pdf } = await signPdf({ db: app.db, env: app.env }, request.params.signRef, size);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="sign-${signRef}-${size}.pdf"`)
        .send(pdf);
    },
  );
};
