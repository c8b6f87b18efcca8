import { idParams, signRefKey } from '@app/contract/accounts';
import { errorReplySchema } from '@app/contract/errors';
import { messages } from '@app/contract/messages';
import {
  addSiteStickerBody,
  changeSiteStickerBody,
  changeSiteStickerReply,
  type SiteSticker,
  siteSticker,
  siteStickersReply,
  workspaceMessages,
} from '@app/contract/workspace';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Queryable } from '../../db/db';
import { HttpError } from '../../lib/http-error';
import { sessionUser } from '../../plugins/auth';
import { failureLimit, rateLimit } from '../../plugins/rate-limit';
import { accountLimits, guessLimits } from '../auth/limits';
import { findCompanySite } from '../sites/repository';
import { findStickerById, lockStickerById, lockStickerBySignRef, type StickerRow } from './repository';

const tags = ['stickers'];
const errors = { 400: errorReplySchema, 401: errorReplySchema, 404: errorReplySchema, 409: errorReplySchema };
const notFound = () => new HttpError(404, messages.server.notFound);

function toSiteSticker(row: StickerRow): SiteSticker {
  if (row.site_id === null || row.company_id === null || row.start_date === null) throw notFound();
  return {
    id: row.id,
    siteId: row.site_id,
    companyId: row.company_id,
    signRef: row.sign_ref,
    prefixNo: row.prefix_no,
    siteName: row.site_name,
    startDate: row.start_date.toISOString(),
  };
}

/**
 * SQLSTATEs of a change that met another at the same moment: a deadlock, a serialization
 * failure, a row it pointed at gone (foreign key), a check the other change made false.
 */
const raceCodes = new Set(['40P01', '40001', '23503', '23514']);

function lostRace(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && raceCodes.has(code);
}

/** A sticker of this company; any other sticker is answered as not found. */
async function companySticker(q: Queryable, companyId: number, id: number): Promise<StickerRow> {
  const row = await findStickerById(q, id);
  if (!row || row.company_id !== companyId) throw notFound();
  return row;
}

/** The signs of a company's sites: listing, adding a sticker, moving and retiring a sign. */
export const siteStickersRoutes: FastifyPluginAsyncZod = async (app) => {
  const prefixGuesses = failureLimit(guessLimits.stickerCheck);

  app.get(
    '/api/stickers/siteid/:id',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'The signs of a site of your company',
        params: idParams,
        response: { 200: siteStickersReply, ...errors },
      },
    },
    async (request) => {
      const { companyId } = sessionUser(request);
      if (!(await findCompanySite(app.db, companyId, request.params.id))) throw notFound();
      const rows = await app.db.query<StickerRow>(
        `select id, sign_ref, prefix_no, site_id, company_id, user_id, start_date, site_name
           from stickers where site_id = $1 and company_id = $2 order by sign_ref`,
        [request.params.id, companyId],
      );
      return rows.map(toSiteSticker);
    },
  );

  app.get(
    '/api/stickers/:id',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'One sign of your company',
        params: idParams,
        response: { 200: siteSticker, ...errors },
      },
    },
    async (request) =>
      toSiteSticker(await companySticker(app.db, sessionUser(request).companyId, request.params.id)),
  );

  app.post(
    '/api/stickers/site/signRef',
    {
      config: { auth: 'user' },
      preHandler: [rateLimit(accountLimits.stickerCheck), prefixGuesses.check],
      schema: {
        tags,
        summary: 'Add a free sticker (sign reference + prefix number) to a site of your company',
        body: addSiteStickerBody,
        response: { 200: siteSticker, 429: errorReplySchema, ...errors },
      },
    },
    async (request) => {
      const user = sessionUser(request);
      const { siteId, signRef, prefixNo } = request.body;
      const added = app.db.transaction(async (tx) => {
        const site = await findCompanySite(tx, user.companyId, siteId);
        if (!site) throw notFound();
        // Locked so that two claims of one sticker queue, and exactly one wins.
        const sticker = await lockStickerBySignRef(tx, signRef);
        if (
          !sticker ||
          sticker.prefix_no !== prefixNo ||
          signRefKey(sticker.sign_ref) !== signRefKey(signRef)
        ) {
          throw new HttpError(400, messages.server.stickerNotFound);
        }
        if (sticker.site_id !== null) throw new HttpError(409, messages.server.stickerTaken);
        const [row] = await tx.query<StickerRow>(
          `update stickers set site_id = $2, company_id = $3, user_id = $4, site_name = $5, start_date = now()
            where id = $1 and site_id is null
            returning id, sign_ref, prefix_no, site_id, company_id, user_id, start_date, site_name`,
          [sticker.id, site.id, user.companyId, user.id, site.name],
        );
        if (!row) throw new HttpError(409, messages.server.stickerTaken);
        return toSiteSticker(row);
      });
      // Counted once the transaction is over (the embedded database has one connection).
      try {
        const sticker = await added;
        await prefixGuesses.succeeded(request);
        return sticker;
      } catch (error) {
        if (error instanceof HttpError && error.message === messages.server.stickerNotFound) {
          await prefixGuesses.failed(request);
        }
        throw error;
      }
    },
  );

  app.put(
    '/api/stickers/site/:id',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary:
          'Move a sign to another site of your company, or retire it (it is released and shows nobody)',
        params: idParams,
        body: changeSiteStickerBody,
        response: { 200: changeSiteStickerReply, ...errors },
      },
    },
    async (request) => {
      const { companyId } = sessionUser(request);
      const body = request.body;
      const id = request.params.id;
      // Ours before any lock is taken: a sign that stops being ours while we wait lost a race (409).
      await companySticker(app.db, companyId, id);
      const changed = () => new HttpError(409, workspaceMessages.stickerChanged);
      try {
        return await app.db.transaction(async (tx) => {
          // Locked: a move, a retirement and a claim of one sign run one after another.
          const sticker = await lockStickerById(tx, id);
          if (!sticker || sticker.company_id !== companyId) throw changed();
          if (body.action === 'retire') {
            const retired = await tx.query(
              `update stickers set site_id = null, company_id = null, user_id = null, site_name = null, start_date = null
                where id = $1 and company_id = $2
                returning id`,
              [sticker.id, companyId],
            );
            if (retired.length !== 1) throw changed();
            return { message: workspaceMessages.stickerRetired, sticker: null };
          }
          const site = await findCompanySite(tx, companyId, body.siteId);
          if (!site) throw notFound();
          const [row] = await tx.query<StickerRow>(
            `update stickers set site_id = $2, site_name = $3 where id = $1 and company_id = $4
              returning id, sign_ref, prefix_no, site_id, company_id, user_id, start_date, site_name`,
            [sticker.id, site.id, site.name, companyId],
          );
          if (!row) throw changed();
          return { message: workspaceMessages.stickerMoved, sticker: toSiteSticker(row) };
        });
      } catch (error) {
        if (lostRace(error)) throw changed();
        throw error;
      }
    },
  );
};
