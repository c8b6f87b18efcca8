import { NOT_FOUND_MESSAGE } from '@app/contract/errors';
import { signDownloadParams, signDownloadsReply } from '@app/contract/sign-downloads';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../lib/http-error';
import { signDownloads } from './catalogue';

const tags = ['downloads'];
const ONE_HOUR = 'public, max-age=3600';

export const downloadsRoutes: FastifyPluginAsyncZod = async (app) => {
  const downloads = signDownloads();

  app.get(
    '/api/downloads/signs',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'Sign artwork and guides of the /download page, with their sizes',
        response: { 200: signDownloadsReply },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', ONE_HOUR);
      return { items: (await downloads.all()).map((d) => d.item) };
    },
  );

  app.get(
    '/api/downloads/signs/:file',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'One of those files, as a PDF attachment',
        description: 'application/pdf; 404 `{ message }` for a file that is not on the list.',
        params: signDownloadParams,
      },
    },
    async (request, reply) => {
      const found = await downloads.find(request.params.file);
      if (!found) throw new HttpError(404, NOT_FOUND_MESSAGE);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${found.item.file}"`)
        .header('cache-control', ONE_HOUR)
        .header('x-content-type-options', 'nosniff')
        .send(found.pdf);
    },
  );
};
