import type { Nation } from '@app/contract/legal-clock';
import type {
  Outcome,
  PreferredForm,
  RequestKind,
  RequestState,
  SavedWay,
} from '@app/contract/request-lifecycle';
import type { HistoryEntry } from '@app/contract/requests';
import type { Queryable } from '../../db/db';

/** A request as the desk and the visitor's page read it. */
export interface RequestRow {
  id: number;
  /** What the visitor quotes: R-7KX4-M2QD (random), or R-000123 for a request made before. */
  reference: string;
  company_id: number;
  site_id: number;
  brand: string;
  kind: RequestKind;
  state: RequestState;
  outcome: Outcome | null;
  nation: Nation;
  link_nonce: string | null;
  site_name: string;
  sign_ref: string | null;
  operator: string;
  visitor_name: string;
  visitor_email: string;
  message: string;
  footage_date: string | null;
  time_from: string | null;
  time_to: string | null;
  location: string;
  camera: string;
  description: string;
  preferred_form: PreferredForm | null;
  representative: boolean;
  retention_days: number | null;
  received_at: Date;
  received_on: string;
  identity_asked_on: string | null;
  identity_arrived_on: string | null;
  pauses: { from: string; to: string | null }[];
  extension_asked_on: string | null;
  extension_reason: string | null;
  due_date: string | null;
  overwrite_date: string | null;
  footage_saved_at: Date | null;
  footage_saved_how: SavedWay | null;
  footage_saved_note: string;
  acknowledged_at: Date | null;
  acknowledge_by: string | null;
  answered_at: Date | null;
  closed_at: Date | null;
  /** A police, insurer or solicitor request: the operator's decision, once taken (docs/decisions/0052). */
  third_party_decision?: 'disclose' | 'decline' | null;
}

const columns = `r.id, r.reference, r.company_id, r.site_id, r.brand, r.kind, r.state, r.outcome, r.nation, r.link_nonce,
  s.name as site_name, st.sign_ref, c.name as operator, r.visitor_name, r.visitor_email, r.message,
  r.footage_date, r.time_from, r.time_to, r.location, r.camera, r.description, r.preferred_form,
  r.representative, r.retention_days, r.received_at, r.received_on, r.identity_asked_on,
  r.identity_arrived_on, r.pauses, r.extension_asked_on, r.extension_reason, r.due_date,
  r.overwrite_date, r.footage_saved_at, r.footage_saved_how, r.footage_saved_note, r.acknowledged_at,
  r.acknowledge_by, r.answered_at, r.closed_at, tp.decision as third_party_decision`;

const from = `relay_requests r
  join sites s on s.id = r.site_id
  join companies c on c.id = r.company_id
  left join stickers st on st.id = r.sticker_id
  left join third_party_requests tp on tp.request_id = r.id`;

/** What the desk's list reads of each request: no long texts, no operator's name, no sign. */
export type DeskRow = Pick<
  RequestRow,
  | 'id'
  | 'reference'
  | 'company_id'
  | 'kind'
  | 'state'
  | 'outcome'
  | 'nation'
  | 'site_name'
  | 'visitor_name'
  | 'received_at'
  | 'received_on'
  | 'footage_date'
  | 'time_from'
  | 'time_to'
  | 'retention_days'
  | 'representative'
  | 'identity_asked_on'
  | 'identity_arrived_on'
  | 'pauses'
  | 'extension_asked_on'
  | 'extension_reason'
  | 'due_date'
  | 'overwrite_date'
  | 'footage_saved_at'
  | 'footage_saved_how'
  | 'footage_saved_note'
  | 'acknowledged_at'
  | 'acknowledge_by'
>;
const listColumns = `r.id, r.reference, r.company_id, r.kind, r.state, r.outcome, r.nation, s.name as site_name, r.visitor_name,
  r.received_at, r.received_on, r.footage_date, r.time_from, r.time_to, r.retention_days, r.representative,
  r.identity_asked_on, r.identity_arrived_on, r.pauses, r.extension_asked_on, r.extension_reason, r.due_date,
  r.overwrite_date, r.footage_saved_at, r.footage_saved_how, r.footage_saved_note, r.acknowledged_at, r.acknowledge_by`;
const listFrom = 'relay_requests r join sites s on s.id = r.site_id';

export interface NewRequest {
  reference: string;
  companyId: number;
  siteId: number;
  stickerId: number;
  brand: string;
  kind: RequestKind;
  visitorName: string;
  visitorEmail: string;
  message: string;
  footageDate: string | null;
  timeFrom: string | null;
  timeTo: string | null;
  location: string;
  camera: string;
  description: string;
  preferredForm: PreferredForm | null;
  representative: boolean;
  nation: Nation;
  retentionDays: number | null;
  linkNonce: string;
  receivedAt: Date;
  receivedOn: string;
  dueDate: string;
  overwriteDate: string | null;
  acknowledgeBy: string | null;
}

/** The new request's id, or undefined when its random reference is taken already (the caller draws another). */
export async function insertRequest(q: Queryable, r: NewRequest): Promise<number | undefined> {
  const row = await q.maybeOne<{ id: number }>(
    `insert into relay_requests (company_id, site_id, sticker_id, brand, kind, visitor_name, visitor_email,
       message, footage_date, time_from, time_to, location, camera, description, preferred_form,
       representative, nation, retention_days, link_nonce, received_at, received_on, due_date,
       overwrite_date, acknowledge_by, reference)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20,
       $21, $22, $23, $24, $25)
     on conflict (reference) do nothing
     returning id`,
    [
      r.companyId,
      r.siteId,
      r.stickerId,
      r.brand,
      r.kind,
      r.visitorName,
      r.visitorEmail,
      r.message,
      r.footageDate,
      r.timeFrom,
      r.timeTo,
      r.location,
      r.camera,
      r.description,
      r.preferredForm,
      r.representative,
      r.nation,
      r.retentionDays,
      r.linkNonce,
      r.receivedAt,
      r.receivedOn,
      r.dueDate,
      r.overwriteDate,
      r.acknowledgeBy,
      r.reference,
    ],
  );
  return row?.id;
}

/** The site a sign stands at, with what the request needs of it. */
export function siteForRequest(q: Queryable, siteId: number) {
  return q.one<{ company_id: number; county: string; retention_days: number | null }>(
    'select company_id, county, retention_days from sites where id = $1',
    [siteId],
  );
}

/** One of a company's requests; `lock` holds its row until the transaction ends (two people acting at once). */
export function companyRequest(q: Queryable, companyId: number, id: number, lock = false) {
  return q.maybeOne<RequestRow>(
    `select ${columns} from ${from} where r.company_id = $1 and r.id = $2${lock ? ' for update of r' : ''}`,
    [companyId, id],
  );
}

/** A request by its reference alone, for its visitor (the caller checks the link's secret). */
export function requestByReference(q: Queryable, reference: string, lock = false) {
  return q.maybeOne<RequestRow>(
    `select ${columns} from ${from} where r.reference = $1${lock ? ' for update of r' : ''}`,
    [reference],
  );
}

/**
 * Which of a company's requests each desk filter shows. `d.today` is the UK date today, `d.soon`
 * the last day counted as "due soon" (see `days`).
 */
const filterSql = {
  open: `r.state in ('received', 'awaiting_identity', 'awaiting_clarification', 'in_progress', 'extended')`,
  awaiting_visitor: `r.state in ('awaiting_identity', 'awaiting_clarification')`,
  due_soon: `r.state in ('received', 'in_progress', 'extended') and r.due_date between d.today and d.soon`,
  overdue: `r.state in ('received', 'in_progress', 'extended') and r.due_date < d.today`,
  closed: `r.state in ('answered', 'closed', 'withdrawn')`,
} as const;
export type FilterName = keyof typeof filterSql;
/** The dates the filters compare with, as typed parameters whichever filter uses them. */
const days = 'cross join (select $2::date as today, $3::date as soon) d';

/** The desk shows this many requests of a filter, the most urgent first (the counts give the totals). */
export const DESK_PAGE = 100;

/**
 * The desk's list: the most urgent first. Footage not yet saved goes by the day it would be
 * overwritten, then everything by its due date (a paused clock, with none, last).
 */
export function deskRequests(
  q: Queryable,
  companyId: number,
  filter: FilterName,
  today: string,
  soon: string,
) {
  // The open filters' order is that of relay_requests_open_desk_idx, so the page is read in index order.
  const order =
    filter === 'closed'
      ? 'coalesce(r.closed_at, r.answered_at, r.received_at) desc, r.id desc'
      : '(case when r.footage_saved_at is null then r.overwrite_date end), r.due_date, r.id';
  return q.query<DeskRow>(
    `select ${listColumns} from ${listFrom} ${days}
      where r.company_id = $1 and ${filterSql[filter]}
      order by ${order}
      limit ${DESK_PAGE}`,
    [companyId, today, soon],
  );
}

/** How many of a company's requests each filter shows, in one pass. */
export async function deskCounts(q: Queryable, companyId: number, today: string, soon: string) {
  const row = await q.one<Record<FilterName, number>>(
    `select ${Object.entries(filterSql)
      .map(([name, where]) => `count(*) filter (where ${where})::int as ${name}`)
      .join(', ')}
       from relay_requests r ${days} where r.company_id = $1`,
    [companyId, today, soon],
  );
  return row;
}

/** Changes columns of one request (names from the code, never from a request). */
export async function updateRequest(
  q: Queryable,
  id: number,
  changes: Partial<Record<UpdatableColumn, unknown>>,
): Promise<void> {
  const entries = Object.entries(changes);
  if (entries.length === 0) return;
  const sets = entries.map(([column], i) =>
    column === 'pauses' ? `${column} = $${i + 2}::jsonb` : `${column} = $${i + 2}`,
  );
  await q.query(`update relay_requests set ${sets.join(', ')} where id = $1`, [
    id,
    ...entries.map(([column, value]) => (column === 'pauses' ? JSON.stringify(value) : value)),
  ]);
}
type UpdatableColumn =
  | 'state'
  | 'outcome'
  | 'identity_asked_on'
  | 'identity_arrived_on'
  | 'pauses'
  | 'extension_asked_on'
  | 'extension_reason'
  | 'due_date'
  | 'footage_saved_at'
  | 'footage_saved_how'
  | 'footage_saved_note'
  | 'acknowledged_at'
  | 'answered_at'
  | 'closed_at';

export interface NewEvent {
  requestId: number;
  companyId: number;
  actor: HistoryEntry['actor'];
  actorName: string;
  actorUserId?: number | null;
  action: string;
  fromState?: RequestState | null;
  toState?: RequestState | null;
  body?: string;
  /** The same facts in fields, for the records that read them (docs/decisions/0052). */
  detail?: Record<string, unknown>;
  at: Date;
}

/** Adds one entry to a request's history (which nothing can change or remove afterwards). */
export async function appendEvent(q: Queryable, e: NewEvent): Promise<void> {
  await q.query(
    `insert into request_events (request_id, company_id, at, actor, actor_name, actor_user_id, action,
       from_state, to_state, body, detail)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb)`,
    [
      e.requestId,
      e.companyId,
      e.at,
      e.actor,
      e.actorName,
      e.actorUserId ?? null,
      e.action,
      e.fromState ?? null,
      e.toState ?? null,
      e.body ?? '',
      JSON.stringify(e.detail ?? {}),
    ],
  );
}

export async function history(q: Queryable, requestId: number): Promise<HistoryEntry[]> {
  const rows = await q.query<{
    at: Date;
    actor: HistoryEntry['actor'];
    actor_name: string;
    action: string;
    from_state: RequestState | null;
    to_state: RequestState | null;
    body: string;
  }>(
    `select at, actor, actor_name, action, from_state, to_state, body from request_events
      where request_id = $1 order by id`,
    [requestId],
  );
  return rows.map((r) => ({
    at: r.at.toISOString(),
    actor: r.actor,
    actorName: r.actor_name,
    action: r.action,
    fromState: r.from_state,
    toState: r.to_state,
    body: r.body,
  }));
}

export interface DocumentRow {
  id: number;
  storage_key: string;
  filename: string;
  content_type: string;
  size_bytes: number;
  uploaded_at: Date;
  deleted_at: Date | null;
}

export function documents(q: Queryable, requestId: number) {
  return q.query<DocumentRow>(
    `select id, storage_key, filename, content_type, size_bytes, uploaded_at, deleted_at
       from request_documents where request_id = $1 order by id`,
    [requestId],
  );
}

export function companyDocument(q: Queryable, companyId: number, requestId: number, documentId: number) {
  return q.maybeOne<DocumentRow>(
    `select d.id, d.storage_key, d.filename, d.content_type, d.size_bytes, d.uploaded_at, d.deleted_at
       from request_documents d join relay_requests r on r.id = d.request_id
      where r.company_id = $1 and r.id = $2 and d.id = $3`,
    [companyId, requestId, documentId],
  );
}

export async function insertDocument(
  q: Queryable,
  d: { requestId: number; storageKey: string; filename: string; contentType: string; size: number; at: Date },
): Promise<void> {
  await q.query(
    `insert into request_documents (request_id, storage_key, filename, content_type, size_bytes, uploaded_at)
     values ($1, $2, $3, $4, $5, $6)`,
    [d.requestId, d.storageKey, d.filename, d.contentType, d.size, d.at],
  );
}

/**
 * Documents of requests closed (answered, closed or withdrawn) at least `days` days before `now`,
 * not yet deleted, claimed so two instances never delete the same one twice.
 */
export function expiredDocuments(q: Queryable, now: Date, days: number, limit: number) {
  return q.query<DocumentRow & { request_id: number; company_id: number }>(
    `select d.id, d.storage_key, d.filename, d.content_type, d.size_bytes, d.uploaded_at, d.deleted_at,
            d.request_id, r.company_id
       from request_documents d join relay_requests r on r.id = d.request_id
      where d.deleted_at is null
        and coalesce(r.closed_at, r.answered_at) <= $1::timestamptz - make_interval(days => $2)
      order by d.id limit $3
      for update of d skip locked`,
    [now, days, limit],
  );
}

export async function markDocumentDeleted(q: Queryable, id: number, at: Date): Promise<void> {
  await q.query('update request_documents set deleted_at = $2 where id = $1', [id, at]);
}

/** Who of a company is told of a new request: those who chose to be, or by default its master users. */
export function notifiedUsers(q: Queryable, companyId: number) {
  return q.query<{ id: number; email: string }>(
    `select id, email from users
      where company_id = $1 and confirmed_at is not null and coalesce(notify_requests, master_user = 1)
      order by id`,
    [companyId],
  );
}

/** The master users of these companies: reminders to save footage and answer in time go to them. */
export function masterEmails(q: Queryable, companyIds: readonly number[]) {
  return q.query<{ company_id: number; email: string }>(
    `select company_id, email from users
      where company_id = any($1::bigint[]) and master_user = 1 and confirmed_at is not null
      order by id`,
    [companyIds],
  );
}

/** Several requests at once, by id (the reminder sweep's batch). */
export function requestsByIds(q: Queryable, ids: readonly number[]) {
  return q.query<RequestRow>(`select ${columns} from ${from} where r.id = any($1::bigint[])`, [ids]);
}

export function notifySettings(q: Queryable, companyId: number) {
  return q.query<{ id: number; user_name: string; master_user: number; notified: boolean }>(
    `select id, user_name, master_user, coalesce(notify_requests, master_user = 1) as notified
       from users where company_id = $1 order by id`,
    [companyId],
  );
}

export async function setNotified(
  q: Queryable,
  companyId: number,
  userIds: readonly number[],
): Promise<void> {
  await q.query('update users set notify_requests = (id = any($2::bigint[])) where company_id = $1', [
    companyId,
    userIds,
  ]);
}

/** The company's whole request log, oldest first, for its CSV. */
export function requestLog(q: Queryable, companyId: number) {
  return q.query<RequestRow>(`select ${columns} from ${from} where r.company_id = $1 order by r.id`, [
    companyId,
  ]);
}

// ---- Reminder jobs

export type JobKind = 'save_soon' | 'save_last_day' | 'due_soon' | 'due_tomorrow' | 'overdue';

/** Replaces a request's reminders not yet sent by these (a changed due date plans them anew). */
export async function planJobs(
  q: Queryable,
  requestId: number,
  jobs: readonly { kind: JobKind; runOn: string }[],
): Promise<void> {
  await q.query('delete from request_jobs where request_id = $1 and sent_at is null', [requestId]);
  if (jobs.length === 0) return;
  await q.query(
    `insert into request_jobs (request_id, kind, run_on)
     select $1, kind, run_on::date from unnest($2::text[], $3::text[]) as j(kind, run_on)
     on conflict (request_id, kind, run_on) do nothing`,
    [requestId, jobs.map((j) => j.kind), jobs.map((j) => j.runOn)],
  );
}

/** Reminders due by `today` and not yet sent, claimed (skipping those another instance holds). */
export function claimDueJobs(q: Queryable, today: string, limit: number) {
  return q.query<{ id: number; request_id: number; kind: JobKind; run_on: string }>(
    `select id, request_id, kind, run_on from request_jobs
      where sent_at is null and run_on <= $1
      order by run_on, id limit $2
      for update skip locked`,
    [today, limit],
  );
}

export async function markJobsSent(q: Queryable, ids: readonly number[], at: Date): Promise<void> {
  await q.query('update request_jobs set sent_at = $2 where id = any($1::bigint[])', [ids, at]);
}
