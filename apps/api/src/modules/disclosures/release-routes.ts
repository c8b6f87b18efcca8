import { idParams } from '@app/contract/accounts';
import {
  codeSentReply,
  disclosureReleaseMessages,
  disclosureSummary,
  disclosuresReply,
  grantBody,
  grantReply,
  releaseBody,
} from '@app/contract/disclosure-release';
import { errorReplySchema } from '@app/contract/errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentDisposition } from '../../lib/file-headers';
import { disclosureLimits } from '../../limits';
import { sessionUser } from '../../plugins/auth';
import { rateLimit } from '../../plugins/rate-limit';
import { linkKey, referenceParams } from '../requests/private-link';
import * as service from './release-service';

const tags = ['disclosures'];
const MINUTE = 60_000;
/** The sweep deletes the copies of expired disclosures this often (a revocation deletes them at once). */
/** The first sweep after the server is ready. */
const FIRST_SWEEP_AFTER_MS = 5_000;
const SWEEP_EVERY_MS = 10 * MINUTE;
const GRANT_COOKIE = 'disclosure_grant';

const visitorDisclosureParams = referenceParams.extend({ disclosureId: idParams.shape.id });
const itemParams = visitorDisclosureParams.extend({ itemId: idParams.shape.id });
const operatorParams = idParams.extend({ disclosureId: idParams.shape.id });

const errors = {
  400: errorReplySchema,
  401: errorReplySchema,
  403: errorReplySchema,
  404: errorReplySchema,
  409: errorReplySchema,
  410: errorReplySchema,
  429: errorReplySchema,
};

const downloadLog = z.object({
  downloads: z.array(
    z.object({
      at: z.string(),
      what: z.enum(['file', 'letter', 'pack']),
      itemId: z.number().int().nullable(),
      clientAddress: z.string(),
      range: z.object({ start: z.number().int(), end: z.number().int() }).nullable(),
      bytesSent: z.number().int().nullable(),
    }),
  ),
});

/** The download grant: the httpOnly cookie a browser sends, or the X-Disclosure-Grant header. */
function grantOf(request: FastifyRequest): string {
  const header = request.headers['x-disclosure-grant'];
  if (typeof header === 'string' && header) return header.trim().slice(0, 200);
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === GRANT_COOKIE) return value.join('=').slice(0, 200);
  }
  return '';
}

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
};

export const disclosureReleaseRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx: service.ReleaseContext = { db: app.db, env: app.env, storage: app.storage };

  let first: NodeJS.Timeout | undefined;
  let timer: NodeJS.Timeout | undefined;
  let sweeping: Promise<unknown> = Promise.resolve();
  const sweep = () => {
    sweeping = service
      .sweepEnded(ctx, app.clock())
      .catch((error: unknown) => app.log.error({ err: error }, 'Deleting ended disclosures failed'));
  };
  app.addHook('onReady', () => {
    // Soon after a start too, not only every SWEEP_EVERY_MS: a disclosure that ended while no
    // instance ran (or just before a restart) loses its copies at once.
    first = setTimeout(sweep, FIRST_SWEEP_AFTER_MS);
    first.unref();
    timer = setInterval(sweep, SWEEP_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(timer);
    await sweeping;
  });

  const send = (reply: FastifyReply, found: { filename: string; download: service.Download }) => {
    const { download } = found;
    reply.code(download.status).headers(download.headers);
    if (download.stream === null) {
      return reply.send({ message: disclosureReleaseMessages.rangeNotSatisfiable });
    }
    reply.header('content-disposition', contentDisposition('attachment', found.filename));
    reply.header('x-content-type-options', 'nosniff');
    return reply.send(download.stream);
  };

  const downloadInput = (
    request: FastifyRequest,
    params: { reference: string; disclosureId: number },
  ): service.DownloadRequest => ({
    reference: params.reference,
    disclosureId: params.disclosureId,
    grant: grantOf(request),
    range: header(request, 'range'),
    ifRange: header(request, 'if-range'),
    clientAddress: request.ip.slice(0, 64),
    head: request.method === 'HEAD',
  });

  // ---- The operator

  app.post(
    '/api/requests/:id/disclosures',
    {
      config: { auth: 'master' },
      preHandler: rateLimit(disclosureLimits.release),
      schema: {
        tags,
        summary: 'Release files of one of your requests and the reply letter to its visitor (master users)',
        description:
          'Each file is copied for the disclosure with its hash checked; the letter is printed as a PDF. The visitor is mailed; downloads need a one-time code mailed to the request’s address. The disclosure expires after DISCLOSURE_DAYS.',
        params: idParams,
        body: releaseBody,
        response: { 200: disclosureSummary, ...errors },
      },
    },
    (request) => service.release(ctx, sessionUser(request), request.params.id, request.body, app.clock()),
  );

  app.get(
    '/api/requests/:id/disclosures',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary:
          "A request's disclosures: their files, hashes, downloads and whether they are still available",
        params: idParams,
        response: { 200: disclosuresReply, ...errors },
      },
    },
    (request) =>
      service.operatorDisclosures(ctx, sessionUser(request).companyId, request.params.id, app.clock()),
  );

  app.post(
    '/api/requests/:id/disclosures/:disclosureId/revoke',
    {
      config: { auth: 'master' },
      schema: {
        tags,
        summary: 'End a disclosure at once (master users): downloads stop and its copies are deleted',
        params: operatorParams,
        response: { 200: disclosuresReply, ...errors },
      },
    },
    (request) =>
      service.revoke(ctx, sessionUser(request), request.params.id, request.params.disclosureId, app.clock()),
  );

  app.get(
    '/api/requests/:id/disclosures/:disclosureId/downloads',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'Every download of a disclosure: when, from which address, which bytes',
        params: operatorParams,
        response: { 200: downloadLog, ...errors },
      },
    },
    (request) =>
      service.downloadLog(
        ctx,
        sessionUser(request).companyId,
        request.params.id,
        request.params.disclosureId,
      ),
  );

  // ---- The visitor (private link in X-Request-Key; downloads with the grant a mailed code gives)

  app.get(
    '/api/requests/visitor/:reference/disclosures',
    {
      config: { auth: 'public' },
      preHandler: rateLimit(disclosureLimits.visitorRead),
      schema: {
        tags,
        summary: 'What the operator released to the visitor, opened with the private link (X-Request-Key)',
        params: referenceParams,
        response: { 200: disclosuresReply, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.visitorDisclosures(ctx, request.params.reference, linkKey(request), app.clock());
    },
  );

  app.post(
    '/api/requests/visitor/:reference/disclosures/:disclosureId/code',
    {
      config: { auth: 'public' },
      preHandler: rateLimit(disclosureLimits.code),
      schema: {
        tags,
        summary: 'Mail a one-time download code to the request’s address (any earlier code stops working)',
        params: visitorDisclosureParams,
        response: { 200: codeSentReply, ...errors },
      },
    },
    (request) =>
      service.sendCode(
        ctx,
        request.params.reference,
        linkKey(request),
        request.params.disclosureId,
        app.clock(),
      ),
  );

  app.post(
    '/api/requests/visitor/:reference/disclosures/:disclosureId/grant',
    {
      config: { auth: 'public' },
      preHandler: rateLimit(disclosureLimits.grant),
      schema: {
        tags,
        summary: 'Exchange the mailed code for a short-lived download grant (cookie and X-Disclosure-Grant)',
        params: visitorDisclosureParams,
        body: grantBody,
        response: { 200: grantReply, ...errors },
      },
    },
    async (request, reply) => {
      const { reference, disclosureId } = request.params;
      const granted = await service.exchangeCode(
        ctx,
        reference,
        linkKey(request),
        disclosureId,
        request.body.code,
        app.clock(),
      );
      const path = `/api/requests/visitor/${encodeURIComponent(reference)}/disclosures/${granted.disclosureId}`;
      reply.header(
        'set-cookie',
        `${GRANT_COOKIE}=${granted.grant}; Path=${path}; Max-Age=${granted.maxAgeSeconds}; HttpOnly; SameSite=Strict${
          app.env.nodeEnv === 'production' ? '; Secure' : ''
        }`,
      );
      reply.header('cache-control', 'no-store');
      return { grant: granted.grant, expiresAt: granted.expiresAt };
    },
  );

  app.get(
    '/api/requests/visitor/:reference/disclosures/:disclosureId/files/:itemId',
    {
      config: { auth: 'public' },
      preHandler: rateLimit(disclosureLimits.download),
      schema: {
        tags,
        summary: 'Download a released file (Range supported, so a download resumes); needs the grant',
        params: itemParams,
      },
    },
    async (request, reply) =>
      send(
        reply,
        await service.downloadFile(
          ctx,
          downloadInput(request, request.params),
          request.params.itemId,
          app.clock(),
        ),
      ),
  );

  app.get(
    '/api/requests/visitor/:reference/disclosures/:disclosureId/letter.pdf',
    {
      config: { auth: 'public' },
      preHandler: rateLimit(disclosureLimits.download),
      schema: {
        tags,
        summary: 'Download the reply letter (PDF); needs the grant',
        params: visitorDisclosureParams,
      },
    },
    async (request, reply) =>
      send(reply, await service.downloadLetter(ctx, downloadInput(request, request.params), app.clock())),
  );

  app.get(
    '/api/requests/visitor/:reference/disclosures/:disclosureId/pack.zip',
    {
      config: { auth: 'public' },
      preHandler: rateLimit(disclosureLimits.download),
      schema: {
        tags,
        summary:
          'Download the evidence pack: a zip of the files, manifest.json with their SHA-256, the letter and a README',
        params: visitorDisclosureParams,
      },
    },
    async (request, reply) =>
      send(reply, await service.downloadPack(ctx, downloadInput(request, request.params), app.clock())),
  );
};
