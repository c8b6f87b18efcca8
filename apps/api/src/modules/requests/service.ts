import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { type BrandConfig, brands, defaultBrand } from '@app/brands';
import { formatUkDate } from '@app/contract/dates';
import {
  answerDue,
  type ClockFacts,
  canExtend,
  complaintAcknowledgeBy,
  isPast,
  overwriteOn,
  ukIsoDate,
} from '@app/contract/legal-clock';
import { lookupMessages } from '@app/contract/lookup';
import { normaliseReference } from '@app/contract/references';
import {
  allowedOperatorActions,
  allowedVisitorActions,
  type DeskFilter,
  DUE_SOON_DAYS,
  type LifecycleFacts,
  type OperatorAction,
  outcomeLabels,
  outcomeNeedsReasons,
  type RequestAction,
  refusal,
  requestActionLabels,
  requestMessages,
  savedWayLabels,
  stateAfter,
  type VisitorAction,
} from '@app/contract/request-lifecycle';
import type {
  DeskItem,
  DeskRequest,
  DeskSummary,
  ExplainedDate,
  footageSavedBody,
  operatorActionBody,
  requestIntakeBody,
  VisitorRequest,
} from '@app/contract/requests';
import { holidayNationOfCounty } from '@app/contract/uk-counties';
import type { z } from 'zod';
import type { Db, Queryable } from '../../db/db';
import type { ResolvedEnv } from '../../env';
import { HttpError } from '../../lib/http-error';
import { newReference } from '../../lib/references';
import type { FileStorage } from '../../lib/storage';
import { lookupSign } from '../lookup/repository';
import { enqueueMail } from '../mail/outbox';
import type { AuthUser } from '../users/repository';
import { acknowledgementMail, changedMail, newRequestMail, visitorWroteMail } from './mails';
import type { DeskRow, JobKind, RequestRow } from './repository';
import * as repo from './repository';

export interface RequestsContext {
  db: Db;
  env: ResolvedEnv;
  storage: FileStorage;
}
/** What the calls that store no file need. */
type Ctx = Pick<RequestsContext, 'db' | 'env'>;

type Intake = z.output<typeof requestIntakeBody>;
type OperatorActionInput = z.output<typeof operatorActionBody>;

/** How many random references a new request draws before giving up (one is nearly always enough). */
const REFERENCE_DRAWS = 5;

// ---- The private link

/** The secret of a request's private link: made from the server's key and the row's nonce, so it is never stored. */
function linkSecret(env: ResolvedEnv, id: number, nonce: string): string {
  return createHmac('sha256', env.jwtSecret).update(`request-link:${id}:${nonce}`).digest('base64url');
}

/** A request's link stops working this long after it was answered, withdrawn or closed. */
const LINK_LIFETIME_DAYS = 90;

function closedAt(row: RequestRow): Date | null {
  return row.closed_at ?? row.answered_at;
}

// ---- Dates

export function clockFacts(row: DeskRow): ClockFacts {
  return {
    nation: row.nation,
    receivedOn: row.received_on,
    identityAskedOn: row.identity_asked_on,
    identityArrivedOn: row.identity_arrived_on,
    proofOf: row.representative ? 'authority' : 'identity',
    pauses: row.pauses,
    extension:
      row.extension_asked_on && row.extension_reason
        ? { askedOn: row.extension_asked_on, reason: row.extension_reason }
        : null,
  };
}

/**
 * The clock's answers, kept by their facts: a company's requests share a handful of receipt days,
 * and the desk lists a hundred at a time. Pure, so a kept answer is always right; emptied when full.
 */
const dueMemo = new Map<string, ExplainedDate>();
const DUE_MEMO_MAX = 10_000;

function dueOf(row: DeskRow): ExplainedDate {
  // The facts, written out as a key without building them (the desk maps a hundred rows a call).
  const key = `${row.nation}|${row.received_on}|${row.identity_asked_on}|${row.identity_arrived_on}|${row.representative}|${
    row.pauses.length > 0 ? JSON.stringify(row.pauses) : ''
  }|${row.extension_asked_on}|${row.extension_reason ?? ''}`;
  const known = dueMemo.get(key);
  if (known) return known;
  const answer = answerDue(clockFacts(row));
  const due = { date: answer.due, reason: answer.reason };
  if (dueMemo.size >= DUE_MEMO_MAX) dueMemo.clear();
  dueMemo.set(key, due);
  return due;
}

/** A calendar date as people write it, kept: the desk writes the same few dates many times. */
const dayMemo = new Map<string, string>();
function day(date: string): string {
  let written = dayMemo.get(date);
  if (written === undefined) {
    written = formatUkDate(date);
    if (dayMemo.size >= DUE_MEMO_MAX) dayMemo.clear();
    dayMemo.set(date, written);
  }
  return written;
}

/** Whether an ISO calendar date is before another: the strings sort as the days do. */
const before = (date: string, today: string) => date < today;

const overwriteMemo = new Map<string, ExplainedDate>();

function overwriteOf(row: DeskRow): ExplainedDate | null {
  if (row.kind !== 'footage' || !row.footage_date) return null;
  const key = `${row.footage_date}|${row.retention_days}`;
  const known = overwriteMemo.get(key);
  if (known) return known;
  const answer = overwriteOn(row.footage_date, row.retention_days);
  const overwrite = { date: answer.on, reason: answer.reason };
  if (overwriteMemo.size >= DUE_MEMO_MAX) overwriteMemo.clear();
  overwriteMemo.set(key, overwrite);
  return overwrite;
}

const lifecycle = (row: DeskRow): LifecycleFacts => ({
  state: row.state,
  kind: row.kind,
  extended: row.extension_asked_on !== null,
  acknowledged: row.acknowledged_at !== null,
});

const answering = (row: DeskRow) => ['received', 'in_progress', 'extended'].includes(row.state);

function isOverdue(row: DeskRow, due: ExplainedDate, today: string): boolean {
  return answering(row) && due.date !== null && before(due.date, today);
}

/** The next thing the operator should do, in words. */
function operatorNext(row: DeskRow, overwrite: ExplainedDate | null, today: string): string {
  if (
    row.kind === 'footage' &&
    !row.footage_saved_at &&
    ['received', 'in_progress', 'awaiting_identity', 'awaiting_clarification', 'extended'].includes(row.state)
  ) {
    if (overwrite?.date && before(overwrite.date, today))
      return 'The footage is probably overwritten already: check the recorder, and mark it saved if you still have it.';
    if (overwrite?.date) return `Save the footage before ${day(overwrite.date)}.`;
    return 'Save the footage now: your site has not said how long its recorder keeps it.';
  }
  if (row.kind === 'complaint' && !row.acknowledged_at && row.acknowledge_by && answering(row))
    return `Acknowledge the complaint by ${day(row.acknowledge_by)}.`;
  switch (row.state) {
    case 'received':
      // The police, an insurer or a solicitor: disclosure is the operator's decision (docs/decisions/0052).
      if (row.kind === 'third_party')
        return 'Check who is asking, then decide whether to disclose and record why.';
      return row.kind === 'footage'
        ? 'Check who is asking: ask for proof of identity if you need it, or start work on it.'
        : 'Read it and start work on it.';
    case 'awaiting_identity':
      return 'Waiting for the visitor to send proof of identity.';
    case 'awaiting_clarification':
      return 'Waiting for the details you asked the visitor for.';
    case 'in_progress':
    case 'extended':
      return row.due_date
        ? before(row.due_date, today)
          ? `Overdue since ${day(row.due_date)}: answer now.`
          : `Answer by ${day(row.due_date)}.`
        : 'Answer it.';
    case 'answered':
      return 'Close it when nothing more is needed.';
    default:
      return 'Nothing more to do.';
  }
}

/** What the visitor can expect next, in words. */
function visitorNext(row: RequestRow, today: string): string {
  // The police, insurers and solicitors have no right of access to wait on: the operator decides.
  if (row.kind === 'third_party' && row.state !== 'withdrawn') {
    if (row.third_party_decision === 'decline')
      return `${row.operator} has declined to disclose the footage. Their reasons are below.`;
    if (row.third_party_decision === 'disclose')
      return row.state === 'answered' || row.state === 'closed'
        ? `${row.operator} has disclosed the footage: see below how and when.`
        : `${row.operator} has decided to disclose the footage and will send it to you.`;
    if (row.state !== 'answered' && row.state !== 'closed')
      return `${row.operator} has your request and will decide whether to disclose the footage. They may write to you here first.`;
  }
  const due = row.due_date ? formatUkDate(row.due_date) : null;
  if (isOverdue(row, dueOf(row), today))
    return `The answer was due on ${due}. You can remind the operator below, and you can complain to the Information Commissioner's Office (ICO): https://ico.org.uk/make-a-complaint or 0303 123 1113.`;
  switch (row.state) {
    case 'received':
      return row.kind === 'complaint'
        ? `${row.operator} must acknowledge your complaint by ${formatUkDate(row.acknowledge_by ?? row.received_on)}.`
        : `${row.operator} has your request${due ? ` and must answer by ${due}` : ''}. They may ask you to prove who you are first.`;
    case 'awaiting_identity':
      return row.representative
        ? `${row.operator} needs proof that you may act for the person you are asking for. Send it below: the month to answer starts when it arrives.`
        : `${row.operator} needs proof of who you are. Send it below: the month to answer starts when it arrives.`;
    case 'awaiting_clarification':
      return `${row.operator} has asked for more details (see their message below). The time to answer is paused until you send them.`;
    case 'in_progress':
      return `${row.operator} is dealing with your request${due ? ` and must answer by ${due}` : ''}.`;
    case 'extended':
      return `${row.operator} has extended the time to answer to ${due ?? 'a later date'}, and told you why below.`;
    case 'answered':
    case 'closed':
      return `${row.operator} has answered: ${row.outcome ? outcomeLabels[row.outcome] : 'see below'}. If you are unhappy with the answer, you can complain to the Information Commissioner's Office (ICO): https://ico.org.uk/make-a-complaint.`;
    case 'withdrawn':
      return 'You withdrew this request. Nothing more will happen.';
  }
}

/** What the desk's list shows of a request (and every view with it). */
function listCore(row: DeskRow) {
  const ack = row.kind === 'complaint' && row.acknowledge_by ? complaintAcknowledgeBy(row.received_on) : null;
  return {
    reference: row.reference,
    kind: row.kind,
    state: row.state,
    outcome: row.outcome,
    siteName: row.site_name,
    receivedAt: row.received_at.toISOString(),
    footageDate: row.footage_date,
    timeFrom: row.time_from,
    timeTo: row.time_to,
    due: dueOf(row),
    acknowledgeBy: ack ? { date: ack.due, reason: ack.reason } : null,
    acknowledged: row.acknowledged_at !== null,
  };
}

/** The whole request, as its visitor and its operator read it on its own page. */
function core(row: RequestRow) {
  return {
    ...listCore(row),
    signRef: row.sign_ref,
    location: row.location,
    camera: row.camera,
    description: row.description,
    message: row.message,
    preferredForm: row.preferred_form,
    representative: row.representative,
    extension:
      row.extension_asked_on && row.extension_reason
        ? { askedOn: row.extension_asked_on, reason: row.extension_reason }
        : null,
  };
}

/** What the operator judges urgency by. */
function deskFields(row: DeskRow, due: ExplainedDate, today: string) {
  const overwrite = overwriteOf(row);
  return {
    id: row.id,
    visitorName: row.visitor_name,
    overwrite,
    footageSaved:
      row.footage_saved_at && row.footage_saved_how
        ? { at: row.footage_saved_at.toISOString(), how: row.footage_saved_how, note: row.footage_saved_note }
        : null,
    overdue: isOverdue(row, due, today),
    next: operatorNext(row, overwrite, today),
  };
}

function deskItem(row: DeskRow, today: string): DeskItem {
  const list = listCore(row);
  return { ...list, ...deskFields(row, list.due, today) };
}

// ---- Reminders planned for a request

/** The reminders a request needs from now on, given its dates (sent ones are kept, the rest replanned). */
export function plannedJobs(row: DeskRow): { kind: JobKind; runOn: string }[] {
  const jobs: { kind: JobKind; runOn: string }[] = [];
  const open = [
    'received',
    'awaiting_identity',
    'awaiting_clarification',
    'in_progress',
    'extended',
  ].includes(row.state);
  if (!open) return jobs;
  const overwrite = overwriteOf(row)?.date;
  if (row.kind === 'footage' && overwrite && !row.footage_saved_at) {
    jobs.push(
      { kind: 'save_soon', runOn: addDays(overwrite, -3) },
      { kind: 'save_last_day', runOn: overwrite },
    );
  }
  if (row.due_date && answering(row)) {
    jobs.push(
      { kind: 'due_soon', runOn: addDays(row.due_date, -7) },
      { kind: 'due_tomorrow', runOn: addDays(row.due_date, -1) },
      { kind: 'overdue', runOn: addDays(row.due_date, 1) },
    );
  }
  return jobs;
}

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * Stores the due date the clock gives now, and plans the reminders that follow from it (those
 * whose day has already gone are left out: the mail of the moment said it).
 */
async function settle(q: Queryable, row: RequestRow, now: Date): Promise<void> {
  const due = dueOf(row).date;
  if (due !== row.due_date) await repo.updateRequest(q, row.id, { due_date: due });
  row.due_date = due;
  const today = ukIsoDate(now);
  await repo.planJobs(
    q,
    row.id,
    plannedJobs(row).filter((job) => job.runOn >= today),
  );
}

export function brandOf(row: RequestRow): BrandConfig {
  return brands.find((b) => b.id === row.brand) ?? defaultBrand;
}

// ---- Intake

/**
 * What the sign page's form posts when the page's scripts have not arrived (urlencoded fields, all
 * strings), as the JSON call takes it: empty optional fields left out, the footage fields only for a
 * footage request (the server-drawn form carries them all), the tick box as true or false.
 */
export function intakeFromPostedForm(fields: Readonly<Record<string, string>>): Record<string, unknown> {
  const text = (name: string) => fields[name] ?? '';
  const given = (name: string) => (text(name).trim() ? text(name) : undefined);
  const body: Record<string, unknown> = {
    name: text('name'),
    email: text('email'),
    kind: text('kind'),
    message: text('message'),
  };
  if (body.kind !== 'footage') return body;
  return {
    ...body,
    footageDate: given('footageDate'),
    timeFrom: given('timeFrom'),
    timeTo: given('timeTo'),
    location: text('location'),
    camera: text('camera'),
    description: text('description'),
    preferredForm: given('preferredForm'),
    representative: fields.representative !== undefined,
  };
}

/** The sign a request is sent through, or why it takes none (checked before an upload is read). */
export async function signTakingRequests(q: Db, signRef: string) {
  const sign = await lookupSign(q, signRef);
  if (!sign) throw new HttpError(404, lookupMessages.notFound);
  const scheme = sign.scheme;
  if (!scheme) throw new HttpError(409, lookupMessages.notRegistered);
  if (!scheme.contact.relay) throw new HttpError(409, lookupMessages.relayOff);
  return { sign, scheme };
}

/**
 * Stores a visitor's request, tells the operator's chosen users and acknowledges it to the visitor.
 * `alongside` stores what a request of its own form adds (a police request's details), in the same
 * transaction, before anyone is told.
 */
export async function receiveRequest(
  ctx: Ctx,
  brand: BrandConfig,
  signRef: string,
  body: Intake,
  now = new Date(),
  alongside?: (tx: Queryable, row: RequestRow) => Promise<void>,
) {
  const { sign, scheme } = await signTakingRequests(ctx.db, signRef);
  const footage = body.kind === 'footage';
  // A police, insurer or solicitor request names its incident's day, time and place too.
  const incident = footage || body.kind === 'third_party';

  return ctx.db.transaction(async (tx) => {
    const site = await repo.siteForRequest(tx, scheme.siteId);
    const receivedOn = ukIsoDate(now);
    const nation = holidayNationOfCounty(site.county);
    const due = answerDue({ nation, receivedOn, pauses: [] }).due;
    const overwrite =
      footage && body.footageDate ? overwriteOn(body.footageDate, site.retention_days).on : null;
    const nonce = randomBytes(16).toString('base64url');
    const fields = {
      companyId: site.company_id,
      siteId: scheme.siteId,
      stickerId: sign.id,
      brand: brand.id,
      kind: body.kind,
      visitorName: body.name,
      visitorEmail: body.email,
      message: body.message,
      footageDate: incident ? (body.footageDate ?? null) : null,
      timeFrom: incident ? (body.timeFrom ?? null) : null,
      timeTo: incident ? (body.timeTo ?? null) : null,
      location: incident ? body.location : '',
      camera: footage ? body.camera : '',
      description: footage ? body.description : '',
      preferredForm: footage ? (body.preferredForm ?? null) : null,
      representative: body.representative,
      nation,
      retentionDays: site.retention_days,
      linkNonce: nonce,
      receivedAt: now,
      receivedOn,
      dueDate: due ?? receivedOn,
      overwriteDate: overwrite,
      acknowledgeBy: body.kind === 'complaint' ? complaintAcknowledgeBy(receivedOn).due : null,
    };
    // A random reference (40 bits) is taken already once in a trillion draws or so: draw again.
    let reference = newReference('R');
    let id = await repo.insertRequest(tx, { ...fields, reference });
    for (let tries = 1; id === undefined && tries < REFERENCE_DRAWS; tries++) {
      reference = newReference('R');
      id = await repo.insertRequest(tx, { ...fields, reference });
    }
    if (id === undefined) throw new Error('No free request reference after several draws');
    const row = await mustFind(repo.requestByReference(tx, reference));
    await repo.appendEvent(tx, {
      requestId: id,
      companyId: row.company_id,
      actor: 'visitor',
      actorName: row.visitor_name,
      action: 'received',
      toState: 'received',
      body: '',
      at: now,
    });
    if (alongside) await alongside(tx, row);
    await settle(tx, row, now);
    const dates = { due: row.due_date, overwrite, acknowledgeBy: row.acknowledge_by };
    for (const user of await repo.notifiedUsers(tx, row.company_id)) {
      await enqueueMail(tx, newRequestMail(brand, ctx.env, user.email, row, dates));
    }
    await enqueueMail(
      tx,
      acknowledgementMail(brand, ctx.env, row, linkSecret(ctx.env, id, nonce), dueOf(row)),
    );
    return { reference, message: lookupMessages.relaySent };
  });
}

async function mustFind(found: Promise<RequestRow | undefined>): Promise<RequestRow> {
  const row = await found;
  if (!row) throw new HttpError(404, requestMessages.notFound);
  return row;
}

// ---- The visitor's private page

/**
 * The request a private link opens. An unknown reference, a wrong secret and an expired link all
 * get the same answer, in the same way, so nobody learns whether a reference exists.
 */
async function visitorRow(
  q: Queryable,
  env: ResolvedEnv,
  reference: string,
  secret: string,
  now: Date,
  lock = false,
) {
  const stored = normaliseReference('R', reference);
  const row = stored === null ? undefined : await repo.requestByReference(q, stored, lock);
  const expected = Buffer.from(row?.link_nonce ? linkSecret(env, row.id, row.link_nonce) : 'x'.repeat(43));
  const given = Buffer.from(secret.padEnd(expected.length, '\0').slice(0, expected.length));
  const matches = timingSafeEqual(expected, given) && secret.length === expected.length;
  const closed = row ? closedAt(row) : null;
  const expired = closed !== null && now.getTime() - closed.getTime() > LINK_LIFETIME_DAYS * 86_400_000;
  if (!row?.link_nonce || !matches || expired) throw new HttpError(404, requestMessages.linkNotValid);
  return row;
}

/**
 * The request a visitor's private link opens, or 404 as `visitorRow` answers: other modules'
 * visitor routes (a disclosure's downloads) check the link with it.
 */
export function visitorLinkRequest(
  q: Queryable,
  env: ResolvedEnv,
  reference: string,
  secret: string,
  now: Date,
): Promise<RequestRow> {
  return visitorRow(q, env, reference, secret, now);
}

async function visitorView(q: Queryable, row: RequestRow, now: Date): Promise<VisitorRequest> {
  const today = ukIsoDate(now);
  const docs = await repo.documents(q, row.id);
  return {
    ...core(row),
    operator: row.operator,
    next: visitorNext(row, today),
    actions: allowedVisitorActions(lifecycle(row)),
    history: await repo.history(q, row.id),
    documents: docs.map((d) => ({
      filename: d.filename,
      uploadedAt: d.uploaded_at.toISOString(),
      deleted: d.deleted_at !== null,
    })),
  };
}

/** The secret of a request's private link (the demo seed acts as its visitor with it). */
export async function visitorSecret(q: Queryable, env: ResolvedEnv, reference: string): Promise<string> {
  const row = await mustFind(repo.requestByReference(q, reference));
  if (!row.link_nonce) throw new HttpError(404, requestMessages.notFound);
  return linkSecret(env, row.id, row.link_nonce);
}

export async function visitorRequest(ctx: Ctx, reference: string, secret: string, now = new Date()) {
  const row = await visitorRow(ctx.db, ctx.env, reference, secret, now);
  return visitorView(ctx.db, row, now);
}

/** Tells the users who hear of requests that the visitor did something. */
async function tellOperators(ctx: Ctx, q: Queryable, row: RequestRow, what: string) {
  for (const user of await repo.notifiedUsers(q, row.company_id)) {
    await enqueueMail(q, visitorWroteMail(brandOf(row), ctx.env, user.email, row, what));
  }
}

function refuseUnless(row: RequestRow, action: RequestAction) {
  const why = refusal(lifecycle(row), action);
  if (why) throw new HttpError(409, why);
}

/** The visitor answers a clarification, or withdraws. */
export async function visitorAction(
  ctx: Ctx,
  reference: string,
  secret: string,
  input: { action: Extract<VisitorAction, 'clarify' | 'withdraw'>; body: string },
  now = new Date(),
) {
  return ctx.db.transaction(async (tx) => {
    const row = await visitorRow(tx, ctx.env, reference, secret, now, true);
    refuseUnless(row, input.action);
    if (input.action === 'clarify' && !input.body)
      throw new HttpError(400, 'Write the details you were asked for.');
    const today = ukIsoDate(now);
    const from = row.state;
    const to = stateAfter(lifecycle(row), input.action);
    const changes: Parameters<typeof repo.updateRequest>[2] = { state: to };
    if (input.action === 'clarify') {
      changes.pauses = row.pauses.map((p) => (p.to === null ? { ...p, to: today } : p));
      row.pauses = changes.pauses as RequestRow['pauses'];
    } else {
      changes.closed_at = now;
      row.closed_at = now;
    }
    row.state = to;
    await repo.updateRequest(tx, row.id, changes);
    await repo.appendEvent(tx, {
      requestId: row.id,
      companyId: row.company_id,
      actor: 'visitor',
      actorName: row.visitor_name,
      action: input.action,
      fromState: from,
      toState: to,
      body: input.body,
      at: now,
    });
    await settle(tx, row, now);
    await tellOperators(
      ctx,
      tx,
      row,
      input.action === 'clarify'
        ? 'The visitor sent the details you asked for'
        : 'The visitor withdrew their request',
    );
    return visitorView(tx, row, now);
  });
}

export async function visitorMessage(
  ctx: Ctx,
  reference: string,
  secret: string,
  body: string,
  now = new Date(),
) {
  return ctx.db.transaction(async (tx) => {
    const row = await visitorRow(tx, ctx.env, reference, secret, now, true);
    if (row.state === 'withdrawn' || row.state === 'closed')
      throw new HttpError(409, 'This request is closed.');
    await repo.appendEvent(tx, {
      requestId: row.id,
      companyId: row.company_id,
      actor: 'visitor',
      actorName: row.visitor_name,
      action: 'message',
      body,
      at: now,
    });
    await tellOperators(ctx, tx, row, 'The visitor wrote');
    return visitorView(tx, row, now);
  });
}

/** Checks the link before an upload is read, so a stranger's bytes are never stored. */
export async function checkVisitorUpload(ctx: Ctx, reference: string, secret: string, now = new Date()) {
  const row = await visitorRow(ctx.db, ctx.env, reference, secret, now);
  refuseUnless(row, 'send_identity');
}

/** The visitor's proof of identity (or authority) arrived: the clock starts from today. */
export async function visitorDocument(
  ctx: Ctx,
  reference: string,
  secret: string,
  file: { storageKey: string; fileName: string; contentType: string; size: number },
  now = new Date(),
) {
  return ctx.db.transaction(async (tx) => {
    const row = await visitorRow(tx, ctx.env, reference, secret, now, true);
    refuseUnless(row, 'send_identity');
    const today = ukIsoDate(now);
    const from = row.state;
    const to = stateAfter(lifecycle(row), 'send_identity');
    await repo.insertDocument(tx, {
      requestId: row.id,
      storageKey: file.storageKey,
      filename: file.fileName,
      contentType: file.contentType,
      size: file.size,
      at: now,
    });
    await repo.updateRequest(tx, row.id, { state: to, identity_arrived_on: today });
    row.state = to;
    row.identity_arrived_on = today;
    await repo.appendEvent(tx, {
      requestId: row.id,
      companyId: row.company_id,
      actor: 'visitor',
      actorName: row.visitor_name,
      action: 'send_identity',
      fromState: from,
      toState: to,
      body: `Sent ${file.fileName}`,
      at: now,
    });
    await settle(tx, row, now);
    await tellOperators(ctx, tx, row, 'The visitor sent proof of identity');
    return visitorView(tx, row, now);
  });
}

// ---- The operator's desk

function soonDay(today: string) {
  return addDays(today, DUE_SOON_DAYS);
}

export async function desk(q: Queryable, companyId: number, filter: DeskFilter, now = new Date()) {
  const today = ukIsoDate(now);
  const rows = await repo.deskRequests(q, companyId, filter, today, soonDay(today));
  return { requests: rows.map((row) => deskItem(row, today)), today };
}

export async function deskSummary(q: Queryable, companyId: number, now = new Date()): Promise<DeskSummary> {
  const today = ukIsoDate(now);
  const [rows, counts] = await Promise.all([
    repo.deskRequests(q, companyId, 'open', today, soonDay(today)),
    repo.deskCounts(q, companyId, today, soonDay(today)),
  ]);
  let nearest: DeskSummary['nearest'] = null;
  for (const row of rows) {
    const overwrite = row.kind === 'footage' && !row.footage_saved_at ? overwriteOf(row)?.date : null;
    const candidates = [
      ...(overwrite && !isPast(overwrite, today) ? [{ date: overwrite, what: 'footage overwritten' }] : []),
      ...(row.due_date && answering(row) ? [{ date: row.due_date, what: 'answer due' }] : []),
    ];
    for (const c of candidates) {
      if (!nearest || c.date < nearest.date) nearest = { id: row.id, reference: row.reference, ...c };
    }
  }
  return { counts, nearest };
}

async function deskView(q: Queryable, row: RequestRow, now: Date): Promise<DeskRequest> {
  const today = ukIsoDate(now);
  const docs = await repo.documents(q, row.id);
  const facts = lifecycle(row);
  const possible = allowedOperatorActions(facts);
  const extension = canExtend(clockFacts(row), today);
  const actions = possible.filter((action) => action !== 'extend' || extension.allowed);
  const whole = core(row);
  return {
    ...whole,
    ...deskFields(row, whole.due, today),
    operator: row.operator,
    today,
    visitorEmail: row.visitor_email,
    actions,
    extendRefused:
      possible.includes('extend') && !extension.allowed
        ? `${requestActionLabels.extend} is not possible: ${extension.reason}.`
        : null,
    history: await repo.history(q, row.id),
    documents: docs.map((d) => ({
      id: d.id,
      filename: d.filename,
      uploadedAt: d.uploaded_at.toISOString(),
      deleted: d.deleted_at !== null,
    })),
  };
}

export async function deskRequest(q: Queryable, companyId: number, id: number, now = new Date()) {
  const row = await mustFind(repo.companyRequest(q, companyId, id));
  return deskView(q, row, now);
}

/** What the visitor's mail says changed, for each operator action that they need to hear of. */
const visitorHears: Partial<Record<OperatorAction, string>> = {
  ask_identity: 'The operator has asked you for proof of identity.',
  ask_clarification: 'The operator has asked you for more details.',
  extend: 'The operator has extended the time to answer your request, and says why.',
  answer: 'The operator has answered your request.',
  acknowledge: 'The operator has acknowledged your complaint.',
};

/** One of the operator's actions on a request, if its state allows it; two at once are taken in turn. */
export async function operatorAction(
  ctx: Ctx,
  user: AuthUser,
  id: number,
  input: OperatorActionInput,
  now = new Date(),
) {
  return ctx.db.transaction(async (tx) => {
    const row = await mustFind(repo.companyRequest(tx, user.companyId, id, true));
    refuseUnless(row, input.action);
    const today = ukIsoDate(now);
    const changes: Parameters<typeof repo.updateRequest>[2] = {};
    switch (input.action) {
      case 'ask_identity':
      case 'ask_clarification':
        if (!input.body) throw new HttpError(400, 'Say what you need from the visitor.');
        if (input.action === 'ask_identity') {
          changes.identity_asked_on = today;
          changes.identity_arrived_on = null;
        } else {
          changes.pauses = [...row.pauses, { from: today, to: null }];
        }
        break;
      case 'extend': {
        if (!input.body) throw new HttpError(400, requestMessages.extendNeedsReason);
        if (!canExtend(clockFacts(row), today).allowed)
          throw new HttpError(409, requestMessages.extendTooLate);
        changes.extension_asked_on = today;
        changes.extension_reason = input.body;
        break;
      }
      case 'answer':
        if (!input.outcome) throw new HttpError(400, 'Choose the outcome.');
        if (!input.body) throw new HttpError(400, 'Write the reply to the visitor.');
        if (outcomeNeedsReasons(input.outcome) && input.body.length < 20)
          throw new HttpError(400, requestMessages.reasonsNeeded);
        changes.outcome = input.outcome;
        changes.answered_at = now;
        break;
      case 'close':
        changes.closed_at = now;
        break;
      case 'acknowledge':
        changes.acknowledged_at = now;
        break;
      case 'start':
        break;
    }
    const from = row.state;
    const to = stateAfter(lifecycle(row), input.action);
    changes.state = to;
    await repo.updateRequest(tx, row.id, changes);
    Object.assign(row, changes);
    await repo.appendEvent(tx, {
      requestId: row.id,
      companyId: row.company_id,
      actor: 'operator',
      actorName: user.userName,
      actorUserId: user.id,
      action: input.action,
      fromState: from,
      toState: to,
      body:
        input.action === 'answer' && input.outcome
          ? `${outcomeLabels[input.outcome]}\n\n${input.body}`
          : input.body,
      at: now,
    });
    await settle(tx, row, now);
    const hears = visitorHears[input.action];
    if (hears && row.link_nonce) {
      await enqueueMail(
        tx,
        changedMail(brandOf(row), ctx.env, row, linkSecret(ctx.env, row.id, row.link_nonce), hears),
      );
    }
    return deskView(tx, row, now);
  });
}

export async function operatorMessage(ctx: Ctx, user: AuthUser, id: number, body: string, now = new Date()) {
  return ctx.db.transaction(async (tx) => {
    const row = await mustFind(repo.companyRequest(tx, user.companyId, id, true));
    if (row.state === 'withdrawn' || row.state === 'closed')
      throw new HttpError(409, 'This request is closed.');
    await repo.appendEvent(tx, {
      requestId: row.id,
      companyId: row.company_id,
      actor: 'operator',
      actorName: user.userName,
      actorUserId: user.id,
      action: 'message',
      body,
      at: now,
    });
    if (row.link_nonce) {
      await enqueueMail(
        tx,
        changedMail(
          brandOf(row),
          ctx.env,
          row,
          linkSecret(ctx.env, row.id, row.link_nonce),
          'The operator has sent you a message.',
        ),
      );
    }
    return deskView(tx, row, now);
  });
}

export async function footageSaved(
  ctx: Ctx,
  user: AuthUser,
  id: number,
  input: z.output<typeof footageSavedBody>,
  now = new Date(),
) {
  return ctx.db.transaction(async (tx) => {
    const row = await mustFind(repo.companyRequest(tx, user.companyId, id, true));
    if (row.kind !== 'footage') throw new HttpError(409, 'Only a request for footage has footage to save.');
    if (row.footage_saved_at) throw new HttpError(409, 'The footage is already marked as saved.');
    await repo.updateRequest(tx, row.id, {
      footage_saved_at: now,
      footage_saved_how: input.how,
      footage_saved_note: input.note,
    });
    row.footage_saved_at = now;
    row.footage_saved_how = input.how;
    row.footage_saved_note = input.note;
    await repo.appendEvent(tx, {
      requestId: row.id,
      companyId: row.company_id,
      actor: 'operator',
      actorName: user.userName,
      actorUserId: user.id,
      action: 'footage_saved',
      body: `${savedWayLabels[input.how]}${input.note ? `: ${input.note}` : ''}`,
      at: now,
    });
    await settle(tx, row, now);
    return deskView(tx, row, now);
  });
}

/** A proof of identity, for the company's master users only (the route says so). */
export async function documentFile(
  ctx: RequestsContext,
  companyId: number,
  id: number,
  documentId: number,
  user: AuthUser,
  now = new Date(),
) {
  const found = await repo.companyDocument(ctx.db, companyId, id, documentId);
  if (!found || found.deleted_at) throw new HttpError(404, requestMessages.notFound);
  await repo.appendEvent(ctx.db, {
    requestId: id,
    companyId,
    actor: 'operator',
    actorName: user.userName,
    actorUserId: user.id,
    action: 'document_viewed',
    body: `Opened ${found.filename}`,
    at: now,
  });
  return { ...found, stream: await ctx.storage.getStream(found.storage_key) };
}

// ---- The request log

const csvCell = (value: unknown) => {
  const text = value === null || value === undefined ? '' : String(value);
  // A leading = + - @ would be a formula in a spreadsheet: kept as text.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

export async function requestLogCsv(q: Queryable, companyId: number): Promise<string> {
  const rows = await repo.requestLog(q, companyId);
  const header = [
    'reference',
    'kind',
    'state',
    'outcome',
    'site',
    'sign',
    'received',
    'due',
    'footage date',
    'footage overwritten',
    'footage saved',
    'answered',
    'closed',
  ];
  const lines = rows.map((r) =>
    [
      r.reference,
      r.kind,
      r.state,
      r.outcome ?? '',
      r.site_name,
      r.sign_ref ?? '',
      r.received_on,
      r.due_date ?? '',
      r.footage_date ?? '',
      r.overwrite_date ?? '',
      r.footage_saved_at?.toISOString() ?? '',
      r.answered_at?.toISOString() ?? '',
      r.closed_at?.toISOString() ?? '',
    ]
      .map(csvCell)
      .join(','),
  );
  return `${[header.join(','), ...lines].join('\r\n')}\r\n`;
}

// ---- Who is told

export async function notifySettings(q: Queryable, companyId: number) {
  const rows = await repo.notifySettings(q, companyId);
  return {
    users: rows.map((r) => ({
      id: r.id,
      userName: r.user_name,
      masterUser: r.master_user === 1,
      notified: r.notified,
    })),
  };
}

export async function setNotify(q: Queryable, companyId: number, userIds: readonly number[]) {
  await repo.setNotified(q, companyId, userIds);
  return notifySettings(q, companyId);
}
