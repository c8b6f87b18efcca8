import type { BrandConfig } from '@app/brands';
import { lookupMessages, type RelayRequest, type relayBody, relayReference } from '@app/contract/lookup';
import type { z } from 'zod';
import type { Db, Queryable } from '../../db/db';
import type { Env } from '../../env';
import { HttpError } from '../../lib/http-error';
import { lookupSign } from '../lookup/repository';
import { enqueueMail } from '../mail/outbox';
import { dueDate, isNear, overwriteDate, ukDate } from './dates';
import { acknowledgementMail, operatorMail } from './mails';

type ParsedRelay = z.output<typeof relayBody>;

export interface RelayContext {
  db: Db;
  env: Env;
  brand: BrandConfig;
}

/** Stores the visitor's message and mails it to the operator's master users, with the acknowledgement. */
export async function sendRelay(ctx: RelayContext, signRef: string, body: ParsedRelay, now = new Date()) {
  const sign = await lookupSign(ctx.db, signRef);
  if (!sign) throw new HttpError(404, lookupMessages.notFound);
  const scheme = sign.scheme;
  if (!scheme) throw new HttpError(409, lookupMessages.notRegistered);
  if (!scheme.contact.relay) throw new HttpError(409, lookupMessages.relayOff);

  const due = dueDate(ukDate(now));
  const overwrite =
    body.kind === 'footage' && body.footageDate
      ? overwriteDate(body.footageDate, scheme.retentionDays)
      : null;
  const isFootage = body.kind === 'footage';

  return ctx.db.transaction(async (tx) => {
    const site = await tx.one<{ company_id: number }>('select company_id from sites where id = $1', [
      scheme.siteId,
    ]);
    const row = await tx.one<{ id: number }>(
      `insert into relay_requests (company_id, site_id, sticker_id, brand, kind, visitor_name, visitor_email,
         message, footage_date, time_from, time_to, location, description, received_at, due_date, overwrite_date)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
       returning id`,
      [
        site.company_id,
        scheme.siteId,
        sign.id,
        ctx.brand.id,
        body.kind,
        body.name,
        body.email,
        body.message,
        isFootage ? body.footageDate : null,
        isFootage ? body.timeFrom : null,
        isFootage ? body.timeTo : null,
        isFootage ? body.location : '',
        isFootage ? body.description : '',
        now,
        due,
        overwrite,
      ],
    );
    const reference = relayReference(row.id);
    const facts = {
      reference,
      signRef: sign.signRef,
      operator: scheme.operator,
      siteName: scheme.siteName,
      request: body,
      dueDate: due,
      overwriteDate: overwrite,
    };
    const operators = await tx.query<{ email: string }>(
      'select email from users where company_id = $1 and master_user = 1 order by id',
      [site.company_id],
    );
    for (const { email } of operators) await enqueueMail(tx, operatorMail(ctx.brand, ctx.env, email, facts));
    await enqueueMail(tx, acknowledgementMail(ctx.brand, facts));
    return { reference, message: lookupMessages.relaySent };
  });
}

interface RequestRow {
  id: number;
  kind: RelayRequest['kind'];
  site_name: string;
  sign_ref: string | null;
  visitor_name: string;
  visitor_email: string;
  message: string;
  footage_date: string | null;
  time_from: string | null;
  time_to: string | null;
  location: string;
  description: string;
  received_at: Date;
  due_date: string;
  overwrite_date: string | null;
  answered_at: Date | null;
}

function toRequest(row: RequestRow, today: string): RelayRequest {
  return {
    id: row.id,
    reference: relayReference(row.id),
    kind: row.kind,
    siteName: row.site_name,
    signRef: row.sign_ref,
    visitorName: row.visitor_name,
    visitorEmail: row.visitor_email,
    message: row.message,
    footageDate: row.footage_date,
    timeFrom: row.time_from,
    timeTo: row.time_to,
    location: row.location,
    description: row.description,
    receivedAt: row.received_at.toISOString(),
    dueDate: row.due_date,
    overwriteDate: row.overwrite_date,
    answeredAt: row.answered_at ? row.answered_at.toISOString() : null,
    dueSoon: !row.answered_at && isNear(row.due_date, today),
    overwriteSoon: !row.answered_at && row.overwrite_date !== null && isNear(row.overwrite_date, today),
  };
}

const requestColumns = `r.id, r.kind, s.name as site_name, st.sign_ref, r.visitor_name, r.visitor_email, r.message,
  r.footage_date, r.time_from, r.time_to, r.location, r.description, r.received_at, r.due_date, r.overwrite_date, r.answered_at`;

/** The requests to one company, newest first (the latest 200). */
export async function companyRequests(
  q: Queryable,
  companyId: number,
  now = new Date(),
): Promise<RelayRequest[]> {
  const rows = await q.query<RequestRow>(
    `select ${requestColumns}
       from relay_requests r join sites s on s.id = r.site_id left join stickers st on st.id = r.sticker_id
      where r.company_id = $1
      order by r.received_at desc, r.id desc
      limit 200`,
    [companyId],
  );
  const today = ukDate(now);
  return rows.map((row) => toRequest(row, today));
}

/** One request, only to its own company. */
export async function companyRequest(q: Queryable, companyId: number, id: number, now = new Date()) {
  const row = await q.maybeOne<RequestRow>(
    `select ${requestColumns}
       from relay_requests r join sites s on s.id = r.site_id left join stickers st on st.id = r.sticker_id
      where r.company_id = $1 and r.id = $2`,
    [companyId, id],
  );
  if (!row) throw new HttpError(404, lookupMessages.requestNotFound);
  return toRequest(row, ukDate(now));
}

/** Marks one of the company's requests answered (now) or open again, and gives it back. */
export async function markAnswered(
  q: Queryable,
  companyId: number,
  id: number,
  answered: boolean,
  now = new Date(),
): Promise<RelayRequest> {
  const updated = await q.maybeOne<{ id: number }>(
    `update relay_requests
        set answered_at = case when $3 then coalesce(answered_at, $4) else null end
      where company_id = $1 and id = $2
      returning id`,
    [companyId, id, answered, now],
  );
  if (!updated) throw new HttpError(404, lookupMessages.requestNotFound);
  return companyRequest(q, companyId, id, now);
}
