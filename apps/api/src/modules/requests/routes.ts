import { idParams } from '@app/contract/accounts';
import { errorReplySchema } from '@app/contract/errors';
import {
  deskQuery,
  deskReply,
  deskRequestReply,
  deskSummaryReply,
  footageSavedBody,
  messageBody,
  notifyBody,
  notifyReply,
  operatorActionBody,
  requestIntakeBody,
  requestIntakeReply,
  visitorActionBody,
  visitorRequestReply,
} from '@app/contract/requests';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentDisposition } from '../../lib/file-headers';
import { HttpError } from '../../lib/http-error';
import { requestLimits } from '../../limits';
import { sessionUser } from '../../plugins/auth';
import { rateLimit } from '../../plugins/rate-limit';
import { discardFiles, readFormParts, registerFormParts } from '../contact/form-parts';
import { linkKey, referenceParams } from './private-link';
import * as service from './service';
import { thirdPartyRoutes } from './third-party-routes';

const tags = ['requests'];
/** The sign page's form, posted without scripts: its longest fields together are under 8 KB. */
const POSTED_FORM_MAX_BYTES = 16_384;

const documentParams = idParams.extend({ documentId: idParams.shape.id });

const errors = {
  400: errorReplySchema,
  401: errorReplySchema,
  403: errorReplySchema,
  404: errorReplySchema,
  409: errorReplySchema,
  429: errorReplySchema,
};

export const requestsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = { db: app.db, env: app.env, storage: app.storage };

  // The police, insurer and solicitor desk: its own form on a sign's page and the recorded decision.
  await app.register(thirdPartyRoutes);

  app.post(
    '/api/signs/:signRef/contact',
    {
      config: { auth: 'public' },
      preHandler: rateLimit(requestLimits.intake),
      schema: {
        tags,
        summary: 'Send a request to the operator of a sign: footage of me, a question, a complaint',
        description:
          "Told to the operator's chosen users, never showing their address; the visitor gets a reference and a private link by mail.",
        params: z.object({ signRef: z.string().trim().min(1).max(40) }),
        body: requestIntakeBody,
        response: { 200: requestIntakeReply, ...errors },
      },
    },
    (request) =>
      service.receiveRequest(ctx, request.brand, request.params.signRef, request.body, app.clock()),
  );

  // ---- The same request, posted by the sign page's form before its scripts arrived (docs/decisions/0049)

  await app.register(async (forms) => {
    forms.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: POSTED_FORM_MAX_BYTES },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      },
    );
    // A refusal is a page too: back to the open form, saying why in fixed words (never the input).
    forms.setErrorHandler((error: { statusCode?: number }, request, reply) => {
      const status = error.statusCode ?? 500;
      if (status >= 500) request.log.error({ err: error }, 'A request posted without scripts failed');
      const problem = status === 429 ? 'busy' : status < 500 ? 'invalid' : 'failed';
      const { signRef = '' } = request.params as { signRef?: string };
      return reply
        .header('cache-control', 'no-store')
        .redirect(`/sign/${encodeURIComponent(signRef)}/contact?problem=${problem}#contact`, 303);
    });
    forms.withTypeProvider<ZodTypeProvider>().post(
      '/sign/:signRef/contact',
      {
        config: { auth: 'public' },
        preHandler: rateLimit(requestLimits.intake),
        schema: {
          hide: true,
          params: z.object({ signRef: z.string().trim().min(1).max(40) }),
          body: z.record(z.string().max(40), z.string().max(10_000)),
        },
      },
      async (request, reply) => {
        const body = requestIntakeBody.safeParse(service.intakeFromPostedForm(request.body));
        if (!body.success) throw new HttpError(400, 'The request is not complete.');
        await service.receiveRequest(ctx, request.brand, request.params.signRef, body.data, app.clock());
        return reply
          .header('cache-control', 'no-store')
          .redirect(`/sign/${encodeURIComponent(request.params.signRef)}/contact/sent#contact`, 303);
      },
    );
  });

  // ---- The visitor's private page

  app.get(
    '/api/requests/visitor/:reference',
    {
      config: { auth: 'public' },
      preHandler: rateLimit(requestLimits.visitorRead),
      schema: {
        tags,
        summary: "A visitor's own request, opened with the secret of its private link (header X-Request-Key)",
        params: referenceParams,
        response: { 200: visitorRequestReply, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.visitorRequest(ctx, request.params.reference, linkKey(request), app.clock());
    },
  );

  app.post(
    '/api/requests/visitor/:reference/actions',
    {
      config: { auth: 'public' },
      preHandler: rateLimit(requestLimits.visitorWrite),
      schema: {
        tags,
        summary: 'The visitor sends the details asked for, or withdraws the request',
        params: referenceParams,
        body: visitorActionBody,
        response: { 200: visitorRequestReply, ...errors },
      },
    },
    (request) =>
      service.visitorAction(ctx, request.params.reference, linkKey(request), request.body, app.clock()),
  );

  app.post(
    '/api/requests/visitor/:reference/messages',
    {
      config: { auth: 'public' },
      preHandler: rateLimit(requestLimits.visitorWrite),
      schema: {
        tags,
        summary: 'The visitor writes to the operator about the request',
        params: referenceParams,
        body: messageBody,
        response: { 200: visitorRequestReply, ...errors },
      },
    },
    (request) =>
      service.visitorMessage(ctx, request.params.reference, linkKey(request), request.body.body, app.clock()),
  );

  await app.register(async (plugin) => {
    // Multipart only for this route's plugin: every other route refuses it (contact/form-parts.ts).
    await registerFormParts(plugin);
    const uploads = plugin.withTypeProvider<ZodTypeProvider>();
    uploads.post(
      '/api/requests/visitor/:reference/documents',
      {
        config: { auth: 'public' },
        preHandler: rateLimit(requestLimits.visitorWrite),
        schema: {
          tags,
          summary: 'The visitor sends proof of identity or of authority (one PDF or JPEG, multipart)',
          description: 'Parts as the contact form takes them: `data` (JSON, may be {}) and one `uploadFile`.',
          params: referenceParams,
          response: { 200: visitorRequestReply, ...errors },
        },
      },
      async (request) => {
        const key = linkKey(request);
        // A wrong link or a state that takes no proof is refused before any byte is stored.
        await service.checkVisitorUpload(ctx, request.params.reference, key, app.clock());
        const parts = await readFormParts(request, { storage: app.storage, keyPrefix: 'uploads/identity' });
        const [file, ...more] = parts.files;
        try {
          if (!file || more.length > 0) throw new HttpError(400, 'Attach one file: a PDF or a JPEG photo.');
          return await service.visitorDocument(ctx, request.params.reference, key, file, app.clock());
        } catch (error) {
          await discardFiles(app.storage, parts.files);
          throw error;
        }
      },
    );
  });

  // ---- The operator's desk

  app.get(
    '/api/requests',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: "Your company's requests, the most urgent first, with the count of each filter",
        querystring: deskQuery,
        response: { 200: deskReply, ...errors },
      },
    },
    (request) => service.desk(app.db, sessionUser(request).companyId, request.query.filter, app.clock()),
  );

  app.get(
    '/api/requests/summary',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'How many requests are open, due soon and overdue, and the nearest deadline',
        response: { 200: deskSummaryReply, ...errors },
      },
    },
    (request) => service.deskSummary(app.db, sessionUser(request).companyId, app.clock()),
  );

  app.get(
    '/api/requests.csv',
    {
      config: { auth: 'user' },
      schema: { tags, summary: "Your company's request log, as CSV" },
    },
    async (request, reply) => {
      const csv = await service.requestLogCsv(app.db, sessionUser(request).companyId);
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition('attachment', 'request-log.csv'))
        .header('cache-control', 'no-store');
      return csv;
    },
  );

  app.get(
    '/api/requests/notify',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'Who in your company is told of new requests',
        response: { 200: notifyReply, ...errors },
      },
    },
    (request) => service.notifySettings(app.db, sessionUser(request).companyId),
  );

  app.put(
    '/api/requests/notify',
    {
      config: { auth: 'master' },
      schema: {
        tags,
        summary: 'Choose who in your company is told of new requests (master users)',
        body: notifyBody,
        response: { 200: notifyReply, ...errors },
      },
    },
    (request) => service.setNotify(app.db, sessionUser(request).companyId, request.body.userIds),
  );

  app.get(
    '/api/requests/:id',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'One of your requests, with its history and the actions its state allows',
        params: idParams,
        response: { 200: deskRequestReply, ...errors },
      },
    },
    (request) => service.deskRequest(app.db, sessionUser(request).companyId, request.params.id, app.clock()),
  );

  app.post(
    '/api/requests/:id/actions',
    {
      config: { auth: 'user' },
      preHandler: rateLimit(requestLimits.deskWrite),
      schema: {
        tags,
        summary: 'Act on one of your requests, as its state allows (409 with the reason when it does not)',
        params: idParams,
        body: operatorActionBody,
        response: { 200: deskRequestReply, ...errors },
      },
    },
    (request) =>
      service.operatorAction(ctx, sessionUser(request), request.params.id, request.body, app.clock()),
  );

  app.post(
    '/api/requests/:id/messages',
    {
      config: { auth: 'user' },
      preHandler: rateLimit(requestLimits.deskWrite),
      schema: {
        tags,
        summary: 'Write to the visitor about one of your requests (they are told to open their page)',
        params: idParams,
        body: messageBody,
        response: { 200: deskRequestReply, ...errors },
      },
    },
    (request) =>
      service.operatorMessage(ctx, sessionUser(request), request.params.id, request.body.body, app.clock()),
  );

  app.post(
    '/api/requests/:id/footage-saved',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'Mark the footage of a request saved, and where',
        params: idParams,
        body: footageSavedBody,
        response: { 200: deskRequestReply, ...errors },
      },
    },
    (request) =>
      service.footageSaved(ctx, sessionUser(request), request.params.id, request.body, app.clock()),
  );

  app.get(
    '/api/requests/:id/documents/:documentId',
    {
      config: { auth: 'master' },
      schema: {
        tags,
        summary: 'A proof of identity the visitor sent (master users only; each opening is recorded)',
        params: documentParams,
      },
    },
    async (request, reply) => {
      const user = sessionUser(request);
      const file = await service.documentFile(
        ctx,
        user.companyId,
        request.params.id,
        request.params.documentId,
        user,
        app.clock(),
      );
      reply
        .header('content-type', file.content_type)
        .header('content-disposition', contentDisposition('attachment', file.filename))
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff');
      return reply.send(file.stream);
    },
  );
};
