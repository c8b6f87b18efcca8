import { NOT_FOUND_MESSAGE } from '@app/contract/errors';
import {
  signDownloadParams,
  signDownloadsReply,
  signDownloadVersionParams,
} from '@app/contract/sign-downloads';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contentDisposition, IMMUTABLE, REVALIDATE } from '../../lib/file-headers';
import { HttpError } from '../../lib/http-error';
import { matchesEtag } from '../../lib/public-cache';
import { type RenderedDownload, signDownloads } from './catalogue';

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
        summary: 'Sign artwork and guides of the /download page, with their sizes and SHA-256',
        response: { 200: signDownloadsReply },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', ONE_HOUR);
      return { items: (await downloads.all()).map((d) => d.item) };
    },
  );

  /** The PDF as an attachment, with the same cache policy and ETag as the content media. */
  function sendPdf(
    request: FastifyRequest,
    reply: FastifyReply,
    found: RenderedDownload,
    cacheControl: string,
  ): FastifyReply {
    const etag = `"${found.version}"`;
    reply.header('etag', etag).header('cache-control', cacheControl);
    if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
    return reply
      .type('application/pdf')
      .header('content-disposition', contentDisposition('attachment', found.item.file))
      .send(found.pdf);
  }

  app.get(
    '/api/downloads/signs/:version/:file',
    {
      config: { auth: 'public' },
      compress: false,
      schema: {
        tags,
        summary: 'One of those files, as a PDF attachment, under the version its URL names',
        description:
          'application/pdf; cached for good under the current version, revalidated under an older one; 404 `{ message }` for a file that is not on the list.',
        params: signDownloadVersionParams,
      },
    },
    async (request, reply) => {
      const found = await downloads.find(request.params.file);
      if (!found) throw new HttpError(404, NOT_FOUND_MESSAGE);
      return sendPdf(
        request,
        reply,
        found,
        found.version === request.params.version ? IMMUTABLE : REVALIDATE,
      );
    },
  );

  app.get(
    '/api/downloads/signs/:file',
    {
      config: { auth: 'public' },
      compress: false,
      schema: {
        tags,
        summary: 'One of those files by its name alone (older links), revalidated each time',
        description: 'application/pdf; 404 `{ message }` for a file that is not on the list.',
        params: signDownloadParams,
      },
    },
    async (request, reply) => {
      const found = await downloads.find(request.params.file);
      if (!found) throw new HttpError(404, NOT_FOUND_MESSAGE);
      return sendPdf(request, reply, found, REVALIDATE);
    },
  );
};
