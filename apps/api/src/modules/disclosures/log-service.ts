import {
  DISCLOSURE_LOG_COLUMNS,
  DISCLOSURE_LOG_PAGE,
  type DisclosureLogEntry,
  type DisclosureLogKind,
  type DisclosureLogReply,
} from '@app/contract/disclosure-log';
import {
  type ThirdPartyBasis,
  type ThirdPartyReason,
  thirdPartyBasisLabels,
  thirdPartyReasonLabels,
} from '@app/contract/requests-third-party';
import type { Queryable } from '../../db/db';
import * as repo from './log-repository';

/** Why a visitor's own footage may go to them: their right of access. */
export const ACCESS_BASIS = 'UK GDPR Article 15: right of access (the person asking is in the footage)';
/** Who receives a visitor's disclosure, as an organisation: nobody's, the person themself. */
export const PRIVATE_INDIVIDUAL = 'Private individual (the person in the footage)';
const THIRD_PARTY_BASIS = 'Third party’s request (see its decision in this log)';
const LETTER = 'Reply letter (PDF)';

type Item = DisclosureLogEntry['items'][number];
type Detail = Record<string, unknown>;

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
const objectOf = (value: unknown): Detail =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Detail) : {};

/** The words of a basis code (decision 0052); an unknown code as it was written. */
const basisWords = (code: string) => thirdPartyBasisLabels[code as ThirdPartyBasis] ?? code;

/** The reasons chosen, in their words, then what the operator wrote. */
function reasonWords(detail: Detail): string {
  const chosen = Array.isArray(detail.reasons) ? detail.reasons : [];
  const labels = chosen.map((r) => thirdPartyReasonLabels[r as ThirdPartyReason] ?? String(r));
  return [...labels, text(detail.reasonsText)].filter(Boolean).join('. ');
}

function fromDisclosure(
  d: repo.LogDisclosureRow,
  items: Item[],
  decision: Detail | undefined,
  now: Date,
): DisclosureLogEntry {
  const ended = d.copies_deleted_at !== null || d.expires_at.getTime() <= now.getTime();
  const thirdParty = d.request_kind === 'third_party';
  return {
    key: `d${d.id}`,
    kind: 'released',
    at: d.released_at.toISOString(),
    requestId: d.request_id,
    reference: d.reference,
    recipient: d.visitor_name,
    // A third party's release goes on the basis its decision recorded (decision 0052).
    organisation: thirdParty ? text(objectOf(decision?.recipient).organisation) : PRIVATE_INDIVIDUAL,
    legalBasis: thirdParty ? basisWords(text(decision?.basis)) || THIRD_PARTY_BASIS : ACCESS_BASIS,
    items: [...items, { filename: LETTER, sha256: d.letter_sha256, sizeBytes: d.letter_size_bytes }],
    authorisedBy: d.released_by_name,
    expiresAt: d.expires_at.toISOString(),
    revokedAt: d.revoked_at?.toISOString() ?? null,
    revokedBy: d.revoked_by_name,
    state: d.revoked_at ? 'revoked' : ended ? 'expired' : 'available',
    downloads: d.downloads,
    note: '',
  };
}

/** A decision as decision 0052 writes its detail; a field it lacks falls back to the request and the entry's words. */
function fromDecision(e: repo.LogEventRow): DisclosureLogEntry {
  const detail = objectOf(e.detail);
  const recipient = objectOf(detail.recipient);
  const kind = e.action as DisclosureLogKind;
  const handedOver = kind === 'handed_over_outside';
  const what = text(detail.what);
  return {
    key: `e${e.id}`,
    kind,
    at: e.at.toISOString(),
    requestId: e.request_id,
    reference: e.reference,
    recipient: (handedOver && text(detail.toWhom)) || text(recipient.name) || e.visitor_name,
    organisation: text(recipient.organisation),
    legalBasis: basisWords(text(detail.basis)),
    items: handedOver && what ? [{ filename: what, sha256: null, sizeBytes: null }] : [],
    authorisedBy: e.actor_name,
    expiresAt: null,
    revokedAt: null,
    revokedBy: null,
    state: kind === 'third_party_declined' ? 'declined' : 'recorded',
    downloads: null,
    note: handedOver
      ? [text(detail.when) && `Handed over ${text(detail.when)} (UK time)`, text(detail.how)]
          .filter(Boolean)
          .join(', ') || e.body
      : reasonWords(detail) || e.body,
  };
}

/** Every entry of a company's log, newest first. */
export async function logEntries(q: Queryable, companyId: number, now: Date): Promise<DisclosureLogEntry[]> {
  const [disclosures, items, decisions] = await Promise.all([
    repo.companyDisclosures(q, companyId),
    repo.companyDisclosureItems(q, companyId),
    repo.companyDecisions(q, companyId),
  ]);
  const byDisclosure = new Map<number, Item[]>();
  for (const i of items) {
    const list = byDisclosure.get(i.disclosure_id) ?? [];
    list.push({ filename: i.filename, sha256: i.sha256, sizeBytes: i.size_bytes });
    byDisclosure.set(i.disclosure_id, list);
  }
  // Newest first: the first decision to disclose met is a request's latest.
  const disclosedOn = new Map<number, Detail>();
  for (const e of decisions) {
    if (e.action === 'third_party_disclosed' && !disclosedOn.has(e.request_id)) {
      disclosedOn.set(e.request_id, objectOf(e.detail));
    }
  }
  const entries = [
    ...disclosures.map((d) =>
      fromDisclosure(d, byDisclosure.get(d.id) ?? [], disclosedOn.get(d.request_id), now),
    ),
    ...decisions.map(fromDecision),
  ];
  // ISO strings of one time zone sort as the times they name.
  return entries.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : b.key.localeCompare(a.key)));
}

export async function disclosureLog(q: Queryable, companyId: number, now: Date): Promise<DisclosureLogReply> {
  const entries = await logEntries(q, companyId, now);
  return { entries: entries.slice(0, DISCLOSURE_LOG_PAGE), total: entries.length };
}

/**
 * A cell as a spreadsheet reads it back as text: quoted when it holds a comma, quote or line break,
 * and prefixed with ' when it starts like a formula (= + - @, or a tab or carriage return before
 * one), the OWASP guard against CSV injection.
 */
export function csvCell(value: string | number | null): string {
  const raw = value === null ? '' : String(value);
  const safe = /^[=+\-@\t\r]/.test(raw) ? `'${raw}` : raw;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The whole log as CSV (RFC 4180: CRLF between records, no byte-order mark), one row per entry. */
export async function disclosureLogCsv(q: Queryable, companyId: number, now: Date): Promise<string> {
  const entries = await logEntries(q, companyId, now);
  const rows = entries.map((e) =>
    [
      e.at,
      e.kind,
      e.reference,
      e.recipient,
      e.organisation,
      e.legalBasis,
      // One line per file within the cell, the hashes in the next cell in the same order.
      e.items.map((i) => i.filename).join('\n'),
      e.items.map((i) => i.sha256 ?? '').join('\n'),
      e.authorisedBy,
      e.expiresAt,
      e.revokedAt,
      e.revokedBy,
      e.state,
      e.downloads,
      e.note,
    ]
      .map(csvCell)
      .join(','),
  );
  return `${[DISCLOSURE_LOG_COLUMNS.join(','), ...rows].join('\r\n')}\r\n`;
}
