import type {
  Requester,
  ThirdPartyBasis,
  ThirdPartyDecision,
  ThirdPartyReason,
} from '@app/contract/requests-third-party';
import type { Queryable } from '../../db/db';

/** What a police, insurer or solicitor request adds to its request (migration 0180). */
export interface ThirdPartyRow {
  request_id: number;
  requester: Requester;
  details: Record<string, string>;
  decision: ThirdPartyDecision | null;
  basis: ThirdPartyBasis | null;
  reasons: ThirdPartyReason[];
  reasons_text: string;
  decided_at: Date | null;
  decided_by_name: string | null;
  handed_over: { what: string; when: string; toWhom: string; how: string } | null;
  handed_over_at: Date | null;
}

export async function insertThirdParty(
  q: Queryable,
  requestId: number,
  requester: Requester,
  details: Record<string, string>,
): Promise<void> {
  await q.query(
    'insert into third_party_requests (request_id, requester, details) values ($1, $2, $3::jsonb)',
    [requestId, requester, JSON.stringify(details)],
  );
}

/** The details of one of a company's requests; undefined when it is not a third party's (or not theirs). */
export function companyThirdParty(q: Queryable, companyId: number, requestId: number) {
  return q.maybeOne<ThirdPartyRow>(
    `select t.request_id, t.requester, t.details, t.decision, t.basis, t.reasons, t.reasons_text,
            t.decided_at, t.decided_by_name, t.handed_over, t.handed_over_at
       from third_party_requests t join relay_requests r on r.id = t.request_id
      where r.company_id = $1 and t.request_id = $2`,
    [companyId, requestId],
  );
}

export async function recordDecision(
  q: Queryable,
  requestId: number,
  d: {
    decision: ThirdPartyDecision;
    basis: ThirdPartyBasis;
    reasons: readonly ThirdPartyReason[];
    reasonsText: string;
    at: Date;
    by: string;
  },
): Promise<void> {
  await q.query(
    `update third_party_requests
        set decision = $2, basis = $3, reasons = $4::jsonb, reasons_text = $5, decided_at = $6, decided_by_name = $7
      where request_id = $1`,
    [requestId, d.decision, d.basis, JSON.stringify(d.reasons), d.reasonsText, d.at, d.by],
  );
}

export async function recordHandedOver(
  q: Queryable,
  requestId: number,
  handedOver: { what: string; when: string; toWhom: string; how: string },
  at: Date,
): Promise<void> {
  await q.query(
    'update third_party_requests set handed_over = $2::jsonb, handed_over_at = $3 where request_id = $1',
    [requestId, JSON.stringify(handedOver), at],
  );
}
