import { idParams } from '@app/contract/accounts';
import { errorReplySchema } from '@app/contract/errors';
import { messages } from '@app/contract/messages';
import {
  type PublicationReply,
  type PublicationSettingsRecord,
  publicationBody,
  publicationReply,
  publicSignParams,
  publicSignReply,
} from '@app/contract/workspace';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Queryable } from '../../db/db';
import { HttpError } from '../../lib/http-error';
import { publicCache } from '../../lib/public-cache';
import { sessionUser } from '../../plugins/auth';
import { outOfDateSql } from '../sites/repository';
import { publishedContactForSites } from './published';

const tags = ['contact publication'];
const errors = { 400: errorReplySchema, 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema };

interface SettingsRow {
  site_id: number | null;
  show_phone: boolean;
  show_email: boolean;
  show_address: boolean;
  show_relay: boolean;
  phone: string;
  email: string;
  address: string;
  is_home_address: boolean;
  home_address_consent: boolean;
  contact_text: string;
}

const toSettings = (row: SettingsRow): PublicationSettingsRecord => ({
  showPhone: row.show_phone,
  showEmail: row.show_email,
  showAddress: row.show_address,
  showRelay: row.show_relay,
  phone: row.phone,
  email: row.email,
  address: row.address,
  isHomeAddress: row.is_home_address,
  homeAddressConsent: row.home_address_consent,
  contactText: row.contact_text,
});

/** Nothing chosen yet: only the relay form, as publishedFrom assumes. */
const DEFAULT_SETTINGS: PublicationSettingsRecord = {
  showPhone: false,
  showEmail: false,
  showAddress: false,
  showRelay: true,
  phone: '',
  email: '',
  address: '',
  isHomeAddress: false,
  homeAddressConsent: false,
  contactText: '',
};

/** The company's and each site's settings, with the preview a visitor of each site sees. */
export async function readPublication(q: Queryable, companyId: number): Promise<PublicationReply> {
  const company = await q.one<{ name: string }>('select name from companies where id = $1', [companyId]);
  const sites = await q.query<{ id: number; name: string; out_of_date: boolean }>(
    `select s.id, s.name, ${outOfDateSql('s')} as out_of_date from sites s where s.company_id = $1 order by s.name, s.id`,
    [companyId],
  );
  const rows = await q.query<SettingsRow>(
    `select site_id, show_phone, show_email, show_address, show_relay, phone, email, address,
            is_home_address, home_address_consent, contact_text
       from contact_publications where company_id = $1`,
    [companyId],
  );
  const preview = await publishedContactForSites(
    q,
    companyId,
    sites.map((s) => s.id),
  );
  const companyRow = rows.find((r) => r.site_id === null);
  return {
    company: { name: company.name, settings: companyRow ? toSettings(companyRow) : DEFAULT_SETTINGS },
    sites: sites.map((site) => {
      const own = rows.find((r) => r.site_id === site.id);
      const shown = preview.get(site.id);
      if (!shown) throw new Error('Preview missing for a site');
      return {
        siteId: site.id,
        siteName: site.name,
        settings: own ? toSettings(own) : null,
        preview: shown,
        detailsOutOfDate: site.out_of_date,
      };
    }),
  };
}

/** What the public sees of a company: editing is for its master users only. */
export const publicationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/contact/publication',
    {
      config: { auth: 'master' },
      schema: {
        tags,
        summary: "Your company's published contact details, per site, with previews",
        response: { 200: publicationReply, ...errors },
      },
    },
    (request) => readPublication(app.db, sessionUser(request).companyId),
  );

  app.put(
    '/api/contact/publication',
    {
      config: { auth: 'master' },
      schema: {
        tags,
        summary: 'Choose what the public sees, for the company (siteId null) or one site where it differs',
        body: publicationBody,
        response: { 200: publicationReply, ...errors },
      },
    },
    async (request) => {
      const { companyId } = sessionUser(request);
      const b = request.body;
      return app.db.transaction(async (tx) => {
        if (b.siteId !== null) {
          const site = await tx.maybeOne('select 1 from sites where id = $1 and company_id = $2', [
            b.siteId,
            companyId,
          ]);
          if (!site) throw new HttpError(404, messages.server.notFound);
        }
        const values = [
          companyId,
          b.siteId,
          b.showPhone,
          b.showEmail,
          b.showAddress,
          b.showRelay,
          b.phone,
          b.email,
          b.address,
          b.isHomeAddress,
          // Consent only means something for a home address.
          b.isHomeAddress && b.homeAddressConsent,
          b.contactText,
        ];
        const set = `show_phone = $3, show_email = $4, show_address = $5, show_relay = $6, phone = $7, email = $8,
                     address = $9, is_home_address = $10, home_address_consent = $11, contact_text = $12`;
        const updated = await tx.query(
          `update contact_publications set ${set}
            where company_id = $1 and site_id is not distinct from $2::bigint returning id`,
          values,
        );
        if (updated.length === 0) {
          await tx.query(
            `insert into contact_publications (company_id, site_id, show_phone, show_email, show_address, show_relay,
                                               phone, email, address, is_home_address, home_address_consent, contact_text)
             values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
            values,
          );
        }
        return readPublication(tx, companyId);
      });
    },
  );

  app.delete(
    '/api/contact/publication/site/:id',
    {
      config: { auth: 'master' },
      schema: {
        tags,
        summary: "A site follows the company's settings again",
        params: idParams,
        response: { 200: publicationReply, ...errors },
      },
    },
    async (request) => {
      const { companyId } = sessionUser(request);
      return app.db.transaction(async (tx) => {
        const site = await tx.maybeOne('select 1 from sites where id = $1 and company_id = $2', [
          request.params.id,
          companyId,
        ]);
        if (!site) throw new HttpError(404, messages.server.notFound);
        await tx.query('delete from contact_publications where company_id = $1 and site_id = $2', [
          companyId,
          request.params.id,
        ]);
        return readPublication(tx, companyId);
      });
    },
  );

  app.get(
    '/api/public/sign/:signRef',
    {
      config: { auth: 'public', publicCache: publicCache.sign },
      schema: {
        tags,
        summary: "A sign's operator, site and published contact, as a visitor sees them",
        params: publicSignParams,
        response: { 200: publicSignReply, 404: errorReplySchema },
      },
    },
    async (request) => {
      const found = await app.findSign(request.params.signRef);
      const scheme = found?.sign.scheme;
      if (!found || !scheme) throw new HttpError(404, messages.server.notFound);
      return {
        signRef: found.sign.signRef,
        operator: scheme.operator,
        site: scheme.siteName,
        detailsOutOfDate: scheme.mayBeOutOfDate,
        contact: scheme.contact,
      };
    },
  );
};
