import { idParams } from '@app/contract/accounts';
import { errorReplySchema } from '@app/contract/errors';
import { requestIntakeReply } from '@app/contract/requests';
import {
  handedOverBody,
  officialRequestBody,
  officialRequestMessages,
  thirdPartyDecisionBody,
  thirdPartyReply,
} from '@app/contract/requests-third-party';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../lib/http-error';
import { requestLimits } from '../../limits';
import { sessionUser } from '../../plugins/auth';
import { rateLimit } from '../../plugins/rate-limit';
import { discardFiles, readFormParts, registerFormParts } from '../contact/form-parts';
import { signTakingRequests } from './service';
import * as service from './third-party-service';

const tags = ['requests'];

const errors = {
  400: errorReplySchema,
  401: errorReplySchema,
  403: errorReplySchema,
  404: errorReplySchema,
  409: errorReplySchema,
  429: errorReplySchema,
};

/** The police, insurer and solicitor desk (docs/decisions/0052). */
export const thirdPartyRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = { db: app.db, env: app.env };

  await app.register(async (plugin) => {
    // Multipart only for this route's plugin, bounded as the contact form's (contact/form-parts.ts).
    await registerFormParts(plugin);
    plugin.withTypeProvider<ZodTypeProvider>().post(
      '/api/signs/:signRef/official',
      {
        config: { auth: 'public' },
        preHandler: rateLimit(requestLimits.official),
        schema: {
          tags,
          summary: 'A request from the police, an insurer or a solicitor, sent from a sign (multipart)',
          description:
            'Parts as the contact form takes them: `data` (JSON, officialRequestBody) and, for an insurer or a solicitor, one `uploadFile`: the client’s authority, a PDF or JPEG of at most 10 MB. The requester gets a reference and a private link by mail.',
          params: z.object({ signRef: z.string().trim().min(1).max(40) }),
          response: { 200: requestIntakeReply, ...errors },
        },
      },
      async (request) => {
        // A sign that takes no requests refuses before any byte is stored.
        await signTakingRequests(app.db, request.params.signRef);
        const parts = await readFormParts(request, { storage: app.storage, keyPrefix: 'uploads/authority' });
        try {
          const body = officialRequestBody.safeParse(parts.data);
          if (!body.success)
            throw new HttpError(400, body.error.issues[0]?.message ?? 'The request is not complete.');
          if (parts.files.length > 1) throw new HttpError(400, officialRequestMessages.oneFile);
          return await service.receiveOfficialRequest(
            ctx,
            request.brand,
            request.params.signRef,
            body.data,
            parts.files[0],
            app.clock(),
          );
        } catch (error) {
          await discardFiles(app.storage, parts.files);
          throw error;
        }
      },
    );
  });

  app.get(
    '/api/requests/:id/third-party',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'What a police, insurer or solicitor request gave, and the decision taken on it',
        params: idParams,
        response: { 200: thirdPartyReply, ...errors },
      },
    },
    (request) => service.thirdPartyDetails(app.db, sessionUser(request).companyId, request.params.id),
  );

  app.post(
    '/api/requests/:id/third-party/decision',
    {
      config: { auth: 'master' },
      preHandler: rateLimit(requestLimits.deskWrite),
      schema: {
        tags,
        summary: 'Disclose or decline, with the basis and reasons (master users; once)',
        params: idParams,
        body: thirdPartyDecisionBody,
        response: { 200: thirdPartyReply, ...errors },
      },
    },
    (request) => service.decide(ctx, sessionUser(request), request.params.id, request.body, app.clock()),
  );

  app.post(
    '/api/requests/:id/third-party/handed-over',
    {
      config: { auth: 'master' },
      preHandler: rateLimit(requestLimits.deskWrite),
      schema: {
        tags,
        summary: 'Record footage handed over outside the product: what, when, to whom and how (master users)',
        params: idParams,
        body: handedOverBody,
        response: { 200: thirdPartyReply, ...errors },
      },
    },
    (request) => service.handedOver(ctx, sessionUser(request), request.params.id, request.body, app.clock()),
  );
};
