import { idParams } from '@app/contract/accounts';
import { disclosureFile, disclosureFilesReply, stillBody } from '@app/contract/disclosures';
import { errorReplySchema } from '@app/contract/errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { disclosureLimits } from '../../limits';
import { sessionUser } from '../../plugins/auth';
import { rateLimit } from '../../plugins/rate-limit';
import { createClipUploads, prepareKey } from './clip-uploads';
import { createProcessor } from './processing';
import * as service from './service';

const tags = ['disclosures'];

const fileParams = idParams.extend({ fileId: idParams.shape.id });
const uploadParams = idParams.extend({ uploadId: z.uuid() });

const errors = {
  400: errorReplySchema,
  401: errorReplySchema,
  403: errorReplySchema,
  404: errorReplySchema,
  409: errorReplySchema,
  413: errorReplySchema,
  415: errorReplySchema,
  422: errorReplySchema,
  429: errorReplySchema,
};

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
};

export const disclosuresRoutes: FastifyPluginAsyncZod = async (app) => {
  const processor = createProcessor({
    db: app.db,
    storage: app.storage,
    dataDir: app.env.dataDir,
    log: app.log,
    clock: app.clock,
  });
  const uploads = createClipUploads(
    app.env,
    app.storage,
    {
      checkHead: (key, head) => service.checkHead(ctx, key, head, app.clock()),
      finished: (key, size) => service.uploadFinished(ctx, key, size, app.clock()),
    },
    app.log,
  );
  const ctx: service.DisclosuresContext = {
    db: app.db,
    env: app.env,
    storage: app.storage,
    uploads,
    processor,
  };
  app.addHook('onReady', () => service.resumeProcessing(ctx));
  app.addHook('onClose', () => processor.stop());

  /**
   * Hands the request to the tus server as it came (its body unread: tus streams it to storage),
   * with the headers our hooks set already (security, CORS) on the reply it writes.
   */
  async function toTus(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) reply.raw.setHeader(name, value);
    }
    reply.raw.setHeader('cache-control', 'no-store');
    reply.hijack();
    await uploads.server.handle(request.raw, reply.raw);
  }

  await app.register(async (plugin) => {
    // The bytes of a PATCH stay unread for tus; only this plugin's routes accept them.
    plugin.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));
    const tus = plugin.withTypeProvider<ZodTypeProvider>();

    tus.post(
      '/api/requests/:id/clips/uploads',
      {
        config: { auth: 'user' },
        schema: {
          tags,
          summary: 'Start a resumable upload (tus 1.0 creation) of a clip or still to one of your requests',
          description:
            'Upload-Length is required and at most CLIP_MAX_BYTES; Upload-Metadata names the file (`filename`). The first bytes must match the name; the SHA-256 is computed as the bytes stream in.',
          params: idParams,
          response: errors,
        },
      },
      async (request, reply) => {
        const key = await service.prepareUpload(
          ctx,
          sessionUser(request),
          request.params.id,
          {
            uploadLength: header(request, 'upload-length'),
            deferLength: header(request, 'upload-defer-length'),
            metadata: header(request, 'upload-metadata'),
          },
          app.clock(),
        );
        prepareKey(request.raw, key);
        await toTus(request, reply);
        if (reply.raw.statusCode !== 201) await service.discardPrepared(ctx, key);
      },
    );

    for (const method of ['HEAD', 'PATCH', 'DELETE'] as const) {
      tus.route({
        method,
        url: '/api/requests/:id/clips/uploads/:uploadId',
        config: { auth: 'user' },
        schema: {
          tags,
          summary: `tus ${method} of an upload of one of your requests (resume, progress, cancel)`,
          params: uploadParams,
          ...(method === 'HEAD' ? {} : { response: errors }),
        },
        handler: async (request, reply) => {
          await service.checkUploadAccess(
            ctx,
            sessionUser(request),
            request.params.id,
            request.params.uploadId,
          );
          await toTus(request, reply);
        },
      });
    }
  });

  app.get(
    '/api/requests/:id/clips',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary:
          "A request's clips and stills, with their SHA-256, what ffprobe read and the playable copy's progress",
        params: idParams,
        response: { 200: disclosureFilesReply, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.listFiles(ctx, sessionUser(request).companyId, request.params.id);
    },
  );

  app.delete(
    '/api/requests/:id/clips/:fileId',
    {
      config: { auth: 'master' },
      schema: {
        tags,
        summary: 'Delete a clip or still (master users): its bytes go, its hashes and history stay',
        params: fileParams,
        response: { 200: disclosureFilesReply, ...errors },
      },
    },
    (request) =>
      service.deleteFile(ctx, sessionUser(request), request.params.id, request.params.fileId, app.clock()),
  );

  app.post(
    '/api/requests/:id/clips/:fileId/stills',
    {
      config: { auth: 'user' },
      preHandler: rateLimit(disclosureLimits.still),
      schema: {
        tags,
        summary:
          'Take a JPEG still from a clip at a chosen time; it is kept and hashed as a file of the request',
        params: fileParams,
        body: stillBody,
        response: { 200: disclosureFile, ...errors },
      },
    },
    (request) =>
      service.makeStill(
        ctx,
        sessionUser(request),
        request.params.id,
        request.params.fileId,
        request.body.atSeconds,
        app.clock(),
      ),
  );
};
