import { errorReplySchema } from '@app/contract/errors';
import {
  lookupMessages,
  SEARCH_MAX_PAGES,
  schemeSearchQuery,
  schemeSearchReply,
  searchRecordBody,
  searchRecordReply,
  signLookupParams,
  signLookupReply,
} from '@app/contract/lookup';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { brandKey, SEARCH_KEY, SIGNS_KEY, tagReply } from '../../lib/cdn-keys';
import { HttpError } from '../../lib/http-error';
import { JSON_TYPE } from '../../lib/page-reads';
import { publicCache } from '../../lib/public-cache';
import { lookupLimits } from '../../limits';
import { clientOf, rateLimit, refusedPageRead } from '../../plugins/rate-limit';
import * as service from './service';

const tags = ['lookup'];

export const lookupRoutes: FastifyPluginAsyncZod = async (app) => {
  const foundSign = async (term: string) => {
    const found = await app.findSign(term);
    if (!found) throw new HttpError(404, lookupMessages.notFound);
    return found;
  };
  // Filed under the sign, its site and company, so a change to any of them purges it (0054).
  const keysOf = (request: FastifyRequest, found: { keys: readonly string[] }) => [
    brandKey(request.brand.id),
    ...found.keys,
  ];

  app.get(
    '/api/stickers/search/:term',
    {
      config: { auth: 'public', publicCache: publicCache.sign },
      preHandler: rateLimit(lookupLimits.search),
      schema: {
        tags,
        summary: 'Look up a sign by its reference (hyphens, spaces and case forgiven)',
        description:
          '`registered: false` (and `scheme: null`) when the sticker exists but no operator has registered it.',
        params: signLookupParams,
        response: { 200: signLookupReply, 404: errorReplySchema, 429: errorReplySchema },
      },
    },
    async (request, reply) => {
      const found = await foundSign(request.params.term);
      // Written once per change of the sign (cachedSign), so a repeat costs no serialising or hashing.
      // A string with a JSON type is sent as it is (the route's serialiser is for objects).
      return tagReply(reply as FastifyReply, keysOf(request, found))
        .header('etag', found.etag)
        .type(JSON_TYPE)
        .send(found.body);
    },
  );
  // The same look-up for a sign's page drawn by the server, in process (lib/page-reads.ts).
  app.pageReads.add('/api/stickers/search/:term', async (visitor, raw) => {
    const params = signLookupParams.safeParse(raw);
    if (!params.success) return undefined;
    const refused = refusedPageRead(visitor, lookupLimits.search);
    if (refused) return refused;
    const found = await foundSign(params.data.term);
    return { status: 200, contentType: JSON_TYPE, body: found.body, surrogateKeys: keysOf(visitor, found) };
  });

  app.get(
    '/api/lookup/search',
    {
      config: { auth: 'public', publicCache: publicCache.search },
      preHandler: rateLimit(lookupLimits.search),
      schema: {
        tags,
        summary: 'Search schemes by company name, site name, town or postcode (typos forgiven)',
        description: `20 results a page, at most ${SEARCH_MAX_PAGES} pages.`,
        querystring: schemeSearchQuery,
        response: { 200: schemeSearchReply, 400: errorReplySchema, 429: errorReplySchema },
      },
    },
    (request, reply) => {
      tagReply(reply as FastifyReply, [brandKey(request.brand.id), SEARCH_KEY, SIGNS_KEY]);
      return service.searchSchemes(app.db, request.query.q, request.query.page);
    },
  );

  app.post(
    '/api/search-records/add',
    {
      config: { auth: 'public' },
      preHandler: rateLimit(lookupLimits.record),
      schema: {
        tags,
        summary: 'Record a look-up: the term and the sign it found (no personal data)',
        description:
          'With `stickerId`, the term must find that sign (as the look-up does), else 400; one look-up per client ' +
          'address per sign per hour is counted, repeats are answered 200 and not counted.',
        body: searchRecordBody,
        response: { 200: searchRecordReply, 400: errorReplySchema, 429: errorReplySchema },
      },
    },
    async (request) => {
      await service.recordSearch(
        { db: app.db, findSign: app.findSign },
        {
          term: request.body.term,
          stickerId: request.body.stickerId ?? null,
          brand: request.brand.id,
          client: clientOf(request),
        },
      );
      return { success: true as const };
    },
  );
};
