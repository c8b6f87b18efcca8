import path from 'node:path';
import { brandById } from '@app/brands';
import {
  catalogueMessages,
  DOWNLOAD_LINK_HOURS,
  downloadLinkBody,
  downloadLinkReply,
} from '@app/contract/catalogue';
import { errorReplySchema } from '@app/contract/errors';
import send from '@fastify/send';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { escapeHtml } from '../../lib/escape';
import { contentDisposition, IMMUTABLE, REVALIDATE } from '../../lib/file-headers';
import { HttpError } from '../../lib/http-error';
import { matchesEtag } from '../../lib/public-cache';
import { downloadLinkLimit } from '../../limits';
import { rateLimit } from '../../plugins/rate-limit';
import { readDownloadToken } from './download-token';
import { generatedMediaDir } from './media';
import { contentNotFound } from './routes';
import type { StoredFile } from './service';
import * as service from './service';
import { defaultContentDir } from './source';

export interface ContentMediaOptions {
  /** The content folder pictures and release notes are served from; default content/ of the checkout. */
  contentDir?: string;
}

/**
 * Files of the content calls, the mailed download links of voice messages, and the call that
 * mails them. A visitor only ever names a file; its place on disk comes from content_files,
 * written by the seed, so no request can reach any other file.
 */
export function contentMediaRoutes({
  contentDir = defaultContentDir,
}: ContentMediaOptions = {}): FastifyPluginAsyncZod {
  return async (app) => {
    const rootOf = (brand: string, file: StoredFile) =>
      file.origin === 'content' ? path.join(contentDir, brand) : generatedMediaDir(app.env.dataDir, brand);

    async function sendStored(
      request: FastifyRequest,
      reply: FastifyReply,
      brand: string,
      file: StoredFile,
      headers: Record<string, string>,
    ): Promise<FastifyReply> {
      const etag = `"${file.version}"`;
      if (matchesEtag(request.headers['if-none-match'], etag)) {
        return reply.code(304).headers(headers).header('etag', etag).send();
      }
      const result = await send(request.raw, `/${file.path.split('/').map(encodeURIComponent).join('/')}`, {
        root: rootOf(brand, file),
        dotfiles: 'deny',
        index: false,
        etag: false,
        lastModified: false,
        cacheControl: false,
        contentType: false,
      });
      if (result.type !== 'file') {
        request.log.error(
          { file: file.path, brand },
          'A content file is missing: run the seed (restart the server)',
        );
        throw new HttpError(404, 'This file is not available at the moment.');
      }
      return reply
        .code(result.statusCode)
        .headers(result.headers)
        .headers(headers)
        .header('etag', etag)
        .header('content-type', file.contentType)
        .send(result.stream);
    }

    const fileParams = z.object({ version: z.string().max(64), name: z.string().max(200) });

    app.get(
      '/api/media/:version/:name',
      {
        config: { auth: 'public' },
        schema: {
          tags: ['content'],
          summary: 'A picture, document or recording of the content calls',
          description:
            'URLs carry the file version: the current version is cached for good, an older one is answered with the current file and revalidated.',
          params: fileParams,
        },
      },
      async (request, reply) => {
        const brand = request.brand.id;
        const file = await service.file(app.db, brand, request.params.name);
        if (!file) throw new HttpError(404, 'There is no such file.');
        const current = file.version === request.params.version;
        // Pictures and recordings are shown in the page; documents and tools are saved as files.
        const saved = file.kind === 'document';
        return sendStored(request, reply, brand, file, {
          'cache-control': current ? IMMUTABLE : REVALIDATE,
          'content-disposition': contentDisposition(saved ? 'attachment' : 'inline', file.name),
        });
      },
    );

    app.get(
      '/api/files/:version/:name',
      {
        config: { auth: 'public' },
        // Sent as they are on disk: Content-Length is the size the page shows, and the bytes are
        // those its SHA-256 is of, whatever the browser accepts.
        compress: false,
        schema: {
          tags: ['content'],
          summary:
            'A download of the content calls (manual, datasheet, release notes, tool), as an attachment',
          description:
            'URLs carry the file version, as for /api/media. Only documents: pictures and recordings are 404 here.',
          params: fileParams,
        },
      },
      async (request, reply) => {
        const brand = request.brand.id;
        const file = await service.file(app.db, brand, request.params.name);
        if (file?.kind !== 'document') throw new HttpError(404, 'There is no such file.');
        return sendStored(request, reply, brand, file, {
          'cache-control': file.version === request.params.version ? IMMUTABLE : REVALIDATE,
          'content-disposition': contentDisposition('attachment', file.name),
        });
      },
    );

    app.post(
      '/api/download-link',
      {
        config: { auth: 'public' },
        preHandler: rateLimit(downloadLinkLimit),
        schema: {
          tags: ['content'],
          summary: `Mail a link to a voice message's recording that works for ${DOWNLOAD_LINK_HOURS} hours`,
          body: downloadLinkBody,
          response: {
            200: downloadLinkReply,
            400: errorReplySchema,
            404: errorReplySchema,
            429: errorReplySchema,
          },
        },
      },
      async (request) => {
        const { email, messageId } = request.body;
        const sent = await service.mailDownloadLink(
          { db: app.db, env: app.env },
          request.brand,
          messageId,
          email,
        );
        if (!sent) throw new HttpError(404, contentNotFound.message);
        return { message: catalogueMessages.downloadLinkSent(email) };
      },
    );

    /** The link's failures are opened in a browser from a mail: a page that says what to do. */
    function linkProblem(
      request: FastifyRequest,
      reply: FastifyReply,
      status: 403 | 410,
      text: string,
      messageId?: number,
    ): FastifyReply {
      reply.code(status).header('cache-control', 'no-store');
      if (!request.headers.accept?.includes('text/html')) return reply.send({ message: text });
      const brand = brandById(request.brand.id);
      const back = messageId ? `/message/${messageId}` : '/messages';
      const title = status === 410 ? 'This download link has expired' : 'This download link is not valid';
      return reply.type('text/html; charset=utf-8').send(`<!doctype html>
<html lang="en-GB">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} | ${escapeHtml(brand.name)}</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 3rem auto; padding: 0 1rem; line-height: 1.5">
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(text)}</p>
<p><a href="${back}">Go to the message page</a></p>
</body>
</html>`);
    }

    app.get(
      '/api/download/:token',
      {
        config: { auth: 'public' },
        schema: {
          tags: ['content'],
          summary: 'The recording a mailed download link is for, as an attachment',
          description: '410 once the link has expired, 403 when it was not issued by this site.',
          params: z.object({ token: z.string().max(600) }),
        },
      },
      async (request, reply) => {
        const check = readDownloadToken(app.env.jwtSecret, request.params.token);
        if (check.status === 'invalid' || check.claims.brand !== request.brand.id)
          return linkProblem(request, reply, 403, catalogueMessages.downloadLinkInvalid);
        if (check.status === 'expired')
          return linkProblem(
            request,
            reply,
            410,
            catalogueMessages.downloadLinkExpired,
            check.claims.messageId,
          );
        const file = await service.messageRecording(app.db, request.brand.id, check.claims.messageId);
        if (!file) throw new HttpError(404, contentNotFound.message);
        return sendStored(request, reply, request.brand.id, file, {
          'cache-control': 'private, no-store',
          'content-disposition': contentDisposition('attachment', file.name),
        });
      },
    );
  };
}
