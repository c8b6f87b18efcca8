import { thirdPartyActions } from '@app/contract/requests-third-party';
import type { Queryable } from '../../db/db';

/** The decisions on third parties' requests the request history holds (docs/decisions/0052). */
export const THIRD_PARTY_ACTIONS = [
  thirdPartyActions.disclosed,
  thirdPartyActions.declined,
  thirdPartyActions.handedOver,
];

export interface LogDisclosureRow {
  id: number;
  request_id: number;
  reference: string;
  request_kind: string;
  visitor_name: string;
  released_at: Date;
  released_by_name: string;
  expires_at: Date;
  revoked_at: Date | null;
  revoked_by_name: string | null;
  copies_deleted_at: Date | null;
  letter_sha256: string;
  letter_size_bytes: number;
  downloads: number;
}

export interface LogItemRow {
  disclosure_id: number;
  filename: string;
  sha256: string;
  size_bytes: number;
}

export interface LogEventRow {
  id: number;
  request_id: number;
  reference: string;
  visitor_name: string;
  at: Date;
  actor_name: string;
  action: string;
  body: string;
  detail: unknown;
}

// Every statement names the company twice: on the rows read and on their request, so a row whose
// request belongs to another company is never read, whatever its own company_id says.

/** A company's disclosures, with their request and how many downloads each logged. */
export function companyDisclosures(q: Queryable, companyId: number) {
  return q.query<LogDisclosureRow>(
    `select d.id, d.request_id, r.reference, r.kind as request_kind, r.visitor_name, d.released_at,
            d.released_by_name, d.expires_at, d.revoked_at, d.revoked_by_name, d.copies_deleted_at,
            d.letter_sha256, d.letter_size_bytes,
            (select count(*) from disclosure_downloads dd where dd.disclosure_id = d.id)::int as downloads
       from disclosures d
       join relay_requests r on r.id = d.request_id and r.company_id = $1
      where d.company_id = $1
      order by d.released_at desc, d.id desc`,
    [companyId],
  );
}

/** The files of a company's disclosures, in the order they were released. */
export function companyDisclosureItems(q: Queryable, companyId: number) {
  return q.query<LogItemRow>(
    `select i.disclosure_id, i.filename, i.sha256, i.size_bytes
       from disclosure_items i
       join disclosures d on d.id = i.disclosure_id and d.company_id = $1
       join relay_requests r on r.id = d.request_id and r.company_id = $1
      order by i.id`,
    [companyId],
  );
}

/** The decisions on third parties' requests in a company's request history. */
export function companyDecisions(q: Queryable, companyId: number) {
  return q.query<LogEventRow>(
    `select e.id, e.request_id, r.reference, r.visitor_name, e.at, e.actor_name, e.action, e.body, e.detail
       from request_events e
       join relay_requests r on r.id = e.request_id and r.company_id = $1
      where e.company_id = $1 and e.action = any($2::text[])
      order by e.at desc, e.id desc`,
    [companyId, THIRD_PARTY_ACTIONS],
  );
}
