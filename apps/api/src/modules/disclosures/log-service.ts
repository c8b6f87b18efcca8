import {
  DISCLOSURE_LOG_COLUMNS,
  DISCLOSURE_LOG_PAGE,
  type DisclosureLogEntry,
  type DisclosureLogKind,
  type DisclosureLogReply,
} from '@app/contract/disclosure-log';
import type { Queryable } from '../../db/db';
import * as repo from './log-repository';

/** Why a visitor's own footage may go to them: their right of access. */
export const ACCESS_BASIS = 'UK GDPR Article 15: right of access (the person asking is in the footage)';
/** Who receives a visitor's disclosure, as an organisation: nobody's, the person themself. */
export const PRIVATE_INDIVIDUAL = 'Private individual (the person in the footage)';
const THIRD_PARTY_BASIS = 'Third party’s request (see its decision in this log)';
const LETTER = 'Reply letter (PDF)';

type Item = DisclosureLogEntry['items'][number];

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** The first of `names` the decision's detail holds as words. */
function field(detail: Record<string, unknown>, ...names: string[]): string {
  for (const name of names) {
    const value = text(detail[name]);
    if (value) return value;
  }
  return '';
}

/** The files a decision names (handed over outside the product, or disclosed through it), with hashes where given. */
function decisionItems(detail: Record<string, unknown>): Item[] {
  const list = detail.files ?? detail.items;
  if (Array.isArray(list)) {
    return list.flatMap((raw): Item[] => {
      if (typeof raw === 'string')
        return raw.trim() ? [{ filename: raw.trim(), sha256: null, sizeBytes: null }] : [];
      if (typeof raw !== 'object' || raw === null) return [];
      const f = raw as Record<string, unknown>;
      const sha = text(f.sha256);
      const size = f.sizeBytes ?? f.size_bytes;
      return [
        {
          filename: field(f, 'filename', 'name', 'what') || 'File',
          sha256: /^[0-9a-f]{64}$/.test(sha) ? sha : null,
          sizeBytes: typeof size === 'number' && Number.isSafeInteger(size) ? size : null,
        },
      ];
    });
  }
  const what = field(detail, 'what', 'description');
  return what ? [{ filename: what, sha256: null, sizeBytes: null }] : [];
}

function fromDisclosure(d: repo.LogDisclosureRow, items: Item[], now: Date): DisclosureLogEntry {
  const ended = d.copies_deleted_at !== null || d.expires_at.getTime() <= now.getTime();
  return {
    key: `d${d.id}`,
    kind: 'released',
    at: d.released_at.toISOString(),
    requestId: d.request_id,
    reference: d.reference,
    recipient: d.visitor_name,
    organisation: d.request_kind === 'third_party' ? '' : PRIVATE_INDIVIDUAL,
    legalBasis: d.request_kind === 'third_party' ? THIRD_PARTY_BASIS : ACCESS_BASIS,
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

function fromDecision(e: repo.LogEventRow): DisclosureLogEntry {
  const detail =
    typeof e.detail === 'object' && e.detail !== null && !Array.isArray(e.detail)
      ? (e.detail as Record<string, unknown>)
      : {};
  const kind = e.action as DisclosureLogKind;
  return {
    key: `e${e.id}`,
    kind,
    at: e.at.toISOString(),
    requestId: e.request_id,
    reference: e.reference,
    recipient: field(detail, 'recipient', 'handedTo', 'officerName', 'requesterName') || e.visitor_name,
    organisation: field(detail, 'organisation', 'force', 'firm'),
    legalBasis: field(detail, 'legalBasis', 'basis'),
    items: decisionItems(detail),
    authorisedBy: field(detail, 'authorisedBy', 'authorisingOfficer') || e.actor_name,
    expiresAt: null,
    revokedAt: null,
    revokedBy: null,
    state: kind === 'third_party_declined' ? 'declined' : 'recorded',
    downloads: null,
    note: field(detail, 'reasons', 'reason', 'note') || e.body,
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
  const entries = [
    ...disclosures.map((d) => fromDisclosure(d, byDisclosure.get(d.id) ?? [], now)),
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
