import type { BrandId } from '@app/brands';
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
import { JSON_TYPE } from '../../lib/page-reads';
import { matchesEtag, publicCache } from '../../lib/public-cache';
import { publicReadLimit } from '../../limits';
import { refusedPageRead } from '../../plugins/rate-limit';
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
const nameParam = z.string().min(1).max(100);
const noParams = z.object({});
/** One GET of the content API: its documentation, its checks and what it reads. */
interface ContentCall<P extends z.ZodObject> {
  path: string;
  summary: string;
  /** The path's parameters (`noParams` for none). */
  params: P;
  /** The reply's shape: checked, and stripped of anything else, before it is sent. */
  reply: z.core.$ZodType;
  /** The message of its 404; a list (`listing`) is never missing, so documents none. */
  notFound: string;
  listing?: true;
  load: (brand: BrandId, params: z.output<P>) => Promise<unknown>;
}

export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  // A 304 leaves the handler by throwing; send it without a body here.
  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof NotModified) return reply.send();
    throw error;
  });

  /**
   * Serves `call` as a route, and as a read the server render makes in process for a page that
   * shows it (lib/page-reads.ts): the same public-read count, the same check of the reply and the
   * same 404, without the ETag a page's own read has no use for.
   */
  const serve = <P extends z.ZodObject>(call: ContentCall<P>) => {
    const hasParams = Object.keys(call.params.shape).length > 0;
    app.get(
      call.path,
      {
        config: { auth: 'public', publicCache: publicCache.content },
        schema: {
          tags,
          summary: call.summary,
          ...(hasParams ? { params: call.params } : {}),
          response: call.listing ? { 200: call.reply } : { 200: call.reply, 404: errorReplySchema },
        },
      },
      (request, reply) =>
        revalidated(request, reply, call.notFound, () =>
          call.load(request.brand.id, request.params as z.output<P>),
        ),
    );
    app.pageReads.add(call.path, async (visitor, raw) => {
      const given = call.params.safeParse(raw);
      if (!given.success) return undefined;
      const refused = refusedPageRead(visitor, publicReadLimit);
      if (refused) return refused;
      const body = await call.load(visitor.brand.id, given.data);
      if (body === undefined) throw new HttpError(404, call.notFound);
      return {
        status: 200,
        contentType: JSON_TYPE,
        body: JSON.stringify(z.parse(call.reply, body)),
        surrogateKeys: [],
      };
    });
  };

  serve({
    path: '/api/dvrintro',
    summary: 'The introduction of the DVR range',
    params: noParams,
    reply: dvrIntroReply,
    notFound: contentNotFound.document,
    load: (brand) => service.dvrIntro(db, brand),
  });
  serve({
    path: '/api/dvrs',
    summary: 'The DVR models, in display order (each with dvrName)',
    params: noParams,
    reply: dvrListReply,
    notFound: contentNotFound.dvr,
    listing: true,
    load: (brand) => service.dvrs(db, brand),
  });
  serve({
    path: '/api/dvrs/:dvrName',
    summary: 'One DVR model: pictures, specification and downloads',
    params: z.object({ dvrName: nameParam }),
    reply: dvrDetail,
    notFound: contentNotFound.dvr,
    load: (brand, { dvrName }) => service.dvr(db, brand, dvrName),
  });
  serve({
    path: '/api/support',
    summary: 'Technical support: numbers, hours and answers',
    params: noParams,
    reply: supportReply,
    notFound: contentNotFound.document,
    load: (brand) => service.support(db, brand),
  });
  serve({
    path: '/api/products',
    summary: "The brand's products, in display order (each with title)",
    params: noParams,
    reply: productListReply,
    notFound: contentNotFound.product,
    listing: true,
    load: (brand) => service.products(db, brand),
  });
  serve({
    path: '/api/products/:name',
    summary: 'One product: pictures, specification and downloads',
    params: z.object({ name: nameParam }),
    reply: productDetail,
    notFound: contentNotFound.product,
    load: (brand, { name }) => service.product(db, brand, name),
  });
  serve({
    path: '/api/resources',
    summary: 'Manuals, datasheets, firmware and software, by type',
    params: noParams,
    reply: resourceListReply,
    notFound: contentNotFound.resources,
    listing: true,
    load: (brand) => service.resources(db, brand),
  });
  serve({
    path: '/api/resources/:contentType',
    summary: 'The resources of one type (manuals, datasheets, guides, firmware, software)',
    params: z.object({ contentType: nameParam }),
    reply: resourceGroup,
    notFound: contentNotFound.resources,
    load: (brand, { contentType }) => service.resource(db, brand, contentType),
  });
  serve({
    path: '/api/pages/:slug',
    summary: 'A content page (home for /) with the resources, products and downloads it lists',
    params: z.object({ slug: nameParam }),
    reply: pageReply,
    notFound: contentNotFound.page,
    load: (brand, { slug }) => service.page(db, brand, slug),
  });
  serve({
    path: '/api/message/category',
    summary: 'Voice message categories with their subcategories',
    params: noParams,
    reply: messageCategoryListReply,
    notFound: contentNotFound.category,
    listing: true,
    load: (brand) => service.messageCategories(db, brand),
  });
  serve({
    path: '/api/message/route',
    summary: 'The voice message menu: id, title and subcategories of each category',
    params: noParams,
    reply: messageRouteReply,
    notFound: contentNotFound.category,
    listing: true,
    load: (brand) => service.messageRoute(db, brand),
  });
  serve({
    path: '/api/message/category/:id',
    summary: 'A voice message category, each subcategory with its messages',
    params: idParams,
    reply: messageCategoryReply,
    notFound: contentNotFound.category,
    load: (brand, { id }) => service.messageCategory(db, brand, id),
  });
  serve({
    path: '/api/message/subcategory/:id',
    summary: 'A voice message subcategory with its messages',
    params: idParams,
    reply: messageSubcategoryReply,
    notFound: contentNotFound.subcategory,
    load: (brand, { id }) => service.messageSubcategory(db, brand, id),
  });
  serve({
    path: '/api/message/:id',
    summary: 'One voice message: what it says and its recording',
    params: idParams,
    reply: messageReply,
    notFound: contentNotFound.message,
    load: (brand, { id }) => service.message(db, brand, id),
  });
};
