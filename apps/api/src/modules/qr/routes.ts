import { lookupMessages } from '@app/contract/lookup';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../lib/http-error';
import { lookupLimits } from '../../limits';
import { rateLimit, refusedPageRead } from '../../plugins/rate-limit';
import { qrPng, qrSvg, signPageUrl } from './qr';

const tags = ['signs'];
const params = z.object({ signRef: z.string().trim().min(1).max(40) });
// The code of a reference never changes; browsers and proxies may keep it for a day.
const CACHE = 'public, max-age=86400';
const SVG_TYPE = 'image/svg+xml';

export const qrRoutes: FastifyPluginAsyncZod = async (app) => {
  // Through the look-up's cache: a sign page drawn by the server asks for its code right after
  // the look-up itself.
  const signOf = async (term: string) => {
    const found = await app.findSign(term);
    if (!found) throw new HttpError(404, lookupMessages.notFound);
    return found.sign;
  };
  const svgOf = async (term: string) => qrSvg(signPageUrl(app.env, (await signOf(term)).signRef));

  app.get(
    '/api/signs/:signRef/qr.svg',
    {
      config: { auth: 'public' },
      preHandler: rateLimit(lookupLimits.search),
      schema: {
        tags,
        summary: "QR code (SVG) of the sign's public page",
        params,
        description: '404 `{ message }` for an unknown reference.',
      },
    },
    async (request, reply) => {
      const svg = await svgOf(request.params.signRef);
      return reply.header('cache-control', CACHE).type(SVG_TYPE).send(svg);
    },
  );
  // The same code for a sign's page drawn by the server, in process (lib/page-reads.ts).
  app.pageReads.add('/api/signs/:signRef/qr.svg', async (visitor, raw) => {
    const given = params.safeParse(raw);
    if (!given.success) return undefined;
    const refused = refusedPageRead(visitor, lookupLimits.search);
    if (refused) return refused;
    return { status: 200, contentType: SVG_TYPE, body: await svgOf(given.data.signRef), surrogateKeys: [] };
  });

  app.get(
    '/api/signs/:signRef/qr.png',
    {
      config: { auth: 'public' },
      preHandler: rateLimit(lookupLimits.search),
      schema: {
        tags,
        summary: "QR code (PNG, for download) of the sign's public page",
        params,
        description: '404 `{ message }` for an unknown reference.',
      },
    },
    async (request, reply) => {
      const sign = await signOf(request.params.signRef);
      const png = await qrPng(signPageUrl(app.env, sign.signRef));
      return reply
        .header('cache-control', CACHE)
        .header('content-disposition', `attachment; filename="sign-${sign.signRef}-qr.png"`)
        .type('image/png')
        .send(png);
    },
  );
};
