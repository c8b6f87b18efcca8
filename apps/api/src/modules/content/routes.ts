import { idParams } from '@app/contract/accounts';
import {
  dvrDetail,
  dvrIntroReply,
  dvrListReply,
  messageCategoryListReply,
  messageCategoryReply,
  messageReply,
  messageRouteReply,
  messageSubcategoryReply,
  pageReply,
  productDetail,
  productListReply,
  resourceGroup,
  resourceListReply,
  supportReply,
} from '@app/contract/catalogue';
import { errorReplySchema } from '@app/contract/errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../lib/http-error';
import { matchesEtag, publicCache } from '../../lib/public-cache';
import * as service from './service';

/**
 * Bumped when a reply's shape changes, so a browser holding an ETag from before a deploy gets
 * the new shape instead of a 304.
 */
const REPLY_SHAPE_VERSION = 2;

export const contentNotFound = {
  page: 'There is no such page.',
  dvr: 'There is no DVR model with that name.',
  product: 'There is no product with that name.',
  resources: 'There are no resources of that type.',
  category: 'There is no voice message category with that number.',
  subcategory: 'There is no voice message subcategory with that number.',
  message: 'There is no voice message with that number.',
  document: 'This site has no such information.',
} as const;

/**
 * Answers a content call with revalidation: the ETag is the brand's content version, so while
 * the content is unchanged a repeat visit costs one small query and a 304 (its Cache-Control is
 * the routes' `publicCache`, set by plugins/public-cache.ts). `load` runs only
 * when the caller does not have the current version; undefined becomes a 404 `{ message }`.
 */
async function revalidated<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  notFound: string,
  load: () => Promise<T | undefined>,
): Promise<T> {
  const version = await service.contentVersion(request.server.db, request.brand.id);
  if (version) {
    const etag = `W/"${version}-${REPLY_SHAPE_VERSION}"`;
    if (matchesEtag(request.headers['if-none-match'], etag)) {
      reply.code(304).header('etag', etag);
      throw new NotModified();
    }
    const body = await load();
    if (body === undefined) throw new HttpError(404, notFound);
    reply.header('etag', etag);
    return body;
  }
  const body = await load();
  if (body === undefined) throw new HttpError(404, notFound);
  return body;
}

/** Thrown to end a handler with the 304 already set up on the reply. */
class NotModified extends Error {}

const tags = ['content'];
const notFoundReply = { 404: errorReplySchema };
const nameParam = z.string().min(1).max(100);

export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  // A 304 leaves the handler by throwing; send it without a body here.
  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof NotModified) return reply.send();
    throw error;
  });

  app.get(
    '/api/dvrintro',
    {
      config: { auth: 'public', publicCache: publicCache.content },
      schema: {
        tags,
        summary: 'The introduction of the DVR range',
        response: { 200: dvrIntroReply, ...notFoundReply },
      },
    },
    (request, reply) =>
      revalidated(request, reply, contentNotFound.document, () => service.dvrIntro(db, request.brand.id)),
  );

  app.get(
    '/api/dvrs',
    {
      config: { auth: 'public', publicCache: publicCache.content },
      schema: {
        tags,
        summary: 'The DVR models, in display order (each with dvrName)',
        response: { 200: dvrListReply },
      },
    },
    (request, reply) =>
      revalidated(request, reply, contentNotFound.dvr, () => service.dvrs(db, request.brand.id)),
  );

  app.get(
    '/api/dvrs/:dvrName',
    {
      config: { auth: 'public', publicCache: publicCache.content },
      schema: {
        tags,
        summary: 'One DVR model: pictures, specification and downloads',
        params: z.object({ dvrName: nameParam }),
        response: { 200: dvrDetail, ...notFoundReply },
      },
    },
    (request, reply) =>
      revalidated(request, reply, contentNotFound.dvr, () =>
        service.dvr(db, request.brand.id, request.params.dvrName),
      ),
  );

  app.get(
    '/api/support',
    {
      config: { auth: 'public', publicCache: publicCache.content },
      schema: {
        tags,
        summary: 'Technical support: numbers, hours and answers',
        response: { 200: supportReply, ...notFoundReply },
      },
    },
    (request, reply) =>
      revalidated(request, reply, contentNotFound.document, () => service.support(db, request.brand.id)),
  );

  app.get(
    '/api/products',
    {
      config: { auth: 'public', publicCache: publicCache.content },
      schema: {
        tags,
        summary: "The brand's products, in display order (each with title)",
        response: { 200: productListReply },
      },
    },
    (request, reply) =>
      revalidated(request, reply, contentNotFound.product, () => service.products(db, request.brand.id)),
  );

  app.get(
    '/api/products/:name',
    {
      config: { auth: 'public', publicCache: publicCache.content },
      schema: {
        tags,
        summary: 'One product: pictures, specification and downloads',
        params: z.object({ name: nameParam }),
        response: { 200: productDetail, ...notFoundReply },
      },
    },
    (request, reply) =>
      revalidated(request, reply, contentNotFound.product, () =>
        service.product(db, request.brand.id, request.params.name),
      ),
  );

  app.get(
    '/api/resources',
    {
      config: { auth: 'public', publicCache: publicCache.content },
      schema: {
        tags,
        summary: 'Manuals, datasheets, firmware and software, by type',
        response: { 200: resourceListReply },
      },
    },
    (request, reply) =>
      revalidated(request, reply, contentNotFound.resources, () => service.resources(db, request.brand.id)),
  );

  app.get(
    '/api/resources/:contentType',
    {
      config: { auth: 'public', publicCache: publicCache.content },
      schema: {
        tags,
        summary: 'The resources of one type (manuals, datasheets, guides, firmware, software)',
        params: z.object({ contentType: nameParam }),
        response: { 200: resourceGroup, ...notFoundReply },
      },
    },
    (request, reply) =>
      revalidated(request, reply, contentNotFound.resources, () =>
        service.resource(db, request.brand.id, request.params.contentType),
      ),
  );

  app.get(
    '/api/pages/:slug',
    {
      config: { auth: 'public', publicCache: publicCache.content },
      schema: {
        tags,
        summary: 'A content page (home for /) with the resources, products and downloads it lists',
        params: z.object({ slug: nameParam }),
        response: { 200: pageReply, ...notFoundReply },
      },
    },
    (request, reply) =>
      revalidated(request, reply, contentNotFound.page, () =>
        service.page(db, request.brand.id, request.params.slug),
      ),
  );

  app.get(
    '/api/message/category',
    {
      config: { auth: 'public', publicCache: publicCache.content },
      schema: {
        tags,
        summary: 'Voice message categories with their subcategories',
        response: { 200: messageCategoryListReply },
      },
    },
    (request, reply) =>
      revalidated(request, reply, contentNotFound.category, () =>
        service.messageCategories(db, request.brand.id),
      ),
  );

  app.get(
    '/api/message/route',
    {
      config: { auth: 'public', publicCache: publicCache.content },
      schema: {
        tags,
        summary: 'The voice message menu: id, title and subcategories of each category',
        response: { 200: messageRouteReply },
      },
    },
    (request, reply) =>
      revalidated(request, reply, contentNotFound.category, () => service.messageRoute(db, request.brand.id)),
  );

  app.get(
    '/api/message/category/:id',
    {
      config: { auth: 'public', publicCache: publicCache.content },
      schema: {
        tags,
        summary: 'A voice message category, each subcategory with its messages',
        params: idParams,
        response: { 200: messageCategoryReply, ...notFoundReply },
      },
    },
    (request, reply) =>
      revalidated(request, reply, contentNotFound.category, () =>
        service.messageCategory(db, request.brand.id, request.params.id),
      ),
  );

  app.get(
    '/api/message/subcategory/:id',
    {
      config: { auth: 'public', publicCache: publicCache.content },
      schema: {
        tags,
        summary: 'A voice message subcategory with its messages',
        params: idParams,
        response: { 200: messageSubcategoryReply, ...notFoundReply },
      },
    },
    (request, reply) =>
      revalidated(request, reply, contentNotFound.subcategory, () =>
        service.messageSubcategory(db, request.brand.id, request.params.id),
      ),
  );

  app.get(
    '/api/message/:id',
    {
      config: { auth: 'public', publicCache: publicCache.content },
      schema: {
        tags,
        summary: 'One voice message: what it says and its recording',
        params: idParams,
        response: { 200: messageReply, ...notFoundReply },
      },
    },
    (request, reply) =>
      revalidated(request, reply, contentNotFound.message, () =>
        service.message(db, request.brand.id, request.params.id),
      ),
  );
};
