// The desk for police, insurers and solicitors (docs/decisions/0052). Disclosure to them is
// permitted, never required, by DPA 2018 Schedule 2 paragraph 2 (crime) and paragraph 5 (legal
// proceedings, or required by law): the operator decides each request and the history records
// on which basis and why.
import type { BrandConfig } from '@app/brands';
import { formatUkDate } from '@app/contract/dates';
import {
  authorisingRankLabels,
  basisOfRequester,
  type handedOverBody,
  type OfficialRequest,
  officialRequestMessages,
  requesterLabels,
  type ThirdPartyView,
  thirdPartyActions,
  thirdPartyBasisLabels,
  type thirdPartyDecisionBody,
  thirdPartyReasonLabels,
} from '@app/contract/requests-third-party';
import type { z } from 'zod';
import type { Queryable } from '../../db/db';
import { limitMailTo } from '../../lib/email-address';
import { HttpError } from '../../lib/http-error';
import { officialRequestMails } from '../../limits';
import type { UploadedFile } from '../contact/form-parts';
import { enqueueMail } from '../mail/outbox';
import type { AuthUser } from '../users/repository';
import { changedMail } from './mails';
import * as repo from './repository';
import { brandOf, type RequestsContext, receiveRequest, visitorSecret } from './service';
import * as tpRepo from './third-party-repository';

type Ctx = Pick<RequestsContext, 'db' | 'env'>;

const fieldLabels: Record<string, string> = {
  name: 'Name',
  collarNumber: 'Collar number',
  force: 'Force',
  station: 'Station',
  email: 'Work e-mail',
  crimeReference: 'Crime reference',
  offence: 'Offence',
  incidentDate: 'Incident date',
  incidentTime: 'Incident time',
  incidentPlace: 'Incident place',
  authorisingName: 'Authorising officer',
  authorisingRank: 'Authorising officer’s rank',
  firm: 'Firm',
  caseReference: 'Claim or case reference',
  legalBasis: 'Legal basis',
  message: 'Footage needed',
};

function shown(key: string, value: string): string {
  if (key === 'authorisingRank')
    return authorisingRankLabels[value as keyof typeof authorisingRankLabels] ?? value;
  if (key === 'legalBasis')
    return thirdPartyBasisLabels[value as keyof typeof thirdPartyBasisLabels] ?? value;
  if (key === 'incidentDate') return formatUkDate(value);
  return value;
}

const organisationOf = (details: Record<string, string>) => details.force ?? details.firm ?? '';
const theirReferenceOf = (details: Record<string, string>) =>
  details.crimeReference ?? details.caseReference ?? '';

/**
 * A request from the police, an insurer or a solicitor, sent from a sign's page: stored as a
 * request of kind `third_party` (the requester gets a reference and a private link by mail, as a
 * visitor does) with the form's fields beside it and the client's authority as its document.
 */
export async function receiveOfficialRequest(
  ctx: Ctx,
  brand: BrandConfig,
  signRef: string,
  body: OfficialRequest,
  authority: UploadedFile | undefined,
  now: Date,
) {
  if (body.requester === 'police' && authority)
    throw new HttpError(400, officialRequestMessages.policeNoFile);
  if (body.requester !== 'police' && !authority)
    throw new HttpError(400, officialRequestMessages.authorityNeeded);
  await limitMailTo(ctx.db, 'official-request', body.email, officialRequestMails);
  const { requester, ...fields } = body;
  const details: Record<string, string> = {};
  for (const [key, value] of Object.entries(fields)) if (value) details[key] = value;
  const basis = requester === 'police' ? basisOfRequester('police') : body.legalBasis;
  return receiveRequest(
    ctx,
    brand,
    signRef,
    {
      kind: 'third_party',
      name: body.name,
      email: body.email,
      message: body.message,
      footageDate: body.incidentDate,
      timeFrom: requester === 'police' ? body.incidentTime : undefined,
      location: body.incidentPlace,
      camera: '',
      description: '',
      representative: false,
    },
    now,
    async (tx, row) => {
      await tpRepo.insertThirdParty(tx, row.id, requester, details);
      if (authority) {
        await repo.insertDocument(tx, {
          requestId: row.id,
          storageKey: authority.storageKey,
          filename: authority.fileName,
          contentType: authority.contentType,
          size: authority.size,
          at: now,
        });
      }
      await repo.appendEvent(tx, {
        requestId: row.id,
        companyId: row.company_id,
        actor: 'visitor',
        actorName: row.visitor_name,
        action: thirdPartyActions.received,
        body: [
          `${requesterLabels[requester]}: ${organisationOf(details)}, reference ${theirReferenceOf(details)}.`,
          authority ? `The client's authority: ${authority.fileName}.` : '',
        ]
          .filter(Boolean)
          .join(' '),
        detail: {
          requester,
          organisation: organisationOf(details),
          theirReference: theirReferenceOf(details),
          basis,
        },
        at: now,
      });
    },
  );
}

function view(row: tpRepo.ThirdPartyRow): ThirdPartyView {
  const { details } = row;
  return {
    requester: row.requester,
    // In the form's order (jsonb keeps its keys in an order of its own).
    details: Object.entries(fieldLabels).flatMap(([key, label]) => {
      const value = details[key];
      return value ? [{ label, value: shown(key, value) }] : [];
    }),
    basis:
      row.requester === 'police'
        ? 'crime'
        : details.legalBasis === 'required_by_law'
          ? 'required_by_law'
          : 'legal_claims',
    decision:
      row.decision && row.basis && row.decided_at
        ? {
            decision: row.decision,
            basis: row.basis,
            reasons: row.reasons,
            reasonsText: row.reasons_text,
            at: row.decided_at.toISOString(),
            by: row.decided_by_name ?? '',
          }
        : null,
    handedOver:
      row.handed_over && row.handed_over_at
        ? { ...row.handed_over, at: row.handed_over_at.toISOString() }
        : null,
  };
}

const notThirdParty = () => new HttpError(404, 'Not found');

/** What the requester gave and what has been decided, for the request's page. */
export async function thirdPartyDetails(q: Queryable, companyId: number, requestId: number) {
  const row = await tpRepo.companyThirdParty(q, companyId, requestId);
  if (!row) throw notThirdParty();
  return view(row);
}

/** Whom the decision is about: the requester as they gave themselves. */
const recipientOf = (request: repo.RequestRow, row: tpRepo.ThirdPartyRow) => ({
  name: request.visitor_name,
  organisation: organisationOf(row.details),
  email: request.visitor_email,
});

const DECIDABLE = ['received', 'in_progress', 'extended', 'awaiting_clarification'];

/**
 * The operator's decision, once: declining answers the request and mails the requester to read the
 * reasons; disclosing leaves it being dealt with until the footage is released or handed over.
 */
export async function decide(
  ctx: Ctx,
  user: AuthUser,
  requestId: number,
  input: z.output<typeof thirdPartyDecisionBody>,
  now: Date,
) {
  return ctx.db.transaction(async (tx) => {
    const request = await repo.companyRequest(tx, user.companyId, requestId, true);
    const row = request && (await tpRepo.companyThirdParty(tx, user.companyId, requestId));
    if (!request || !row) throw notThirdParty();
    if (row.decision) throw new HttpError(409, 'This request has been decided already.');
    if (!DECIDABLE.includes(request.state))
      throw new HttpError(409, 'This request is no longer open: it cannot be decided.');
    await tpRepo.recordDecision(tx, requestId, { ...input, at: now, by: user.userName });
    const declining = input.decision === 'decline';
    const to = declining ? 'answered' : 'in_progress';
    await repo.updateRequest(tx, requestId, declining ? { state: to, answered_at: now } : { state: to });
    const reasons = input.reasons.map((reason) => thirdPartyReasonLabels[reason]);
    await repo.appendEvent(tx, {
      requestId,
      companyId: request.company_id,
      actor: 'operator',
      actorName: user.userName,
      actorUserId: user.id,
      action: declining ? thirdPartyActions.declined : thirdPartyActions.disclosed,
      fromState: request.state,
      toState: to,
      body: [
        declining ? 'Declined to disclose.' : 'Decided to disclose.',
        `Basis: ${thirdPartyBasisLabels[input.basis]}.`,
        `Reasons: ${reasons.join('; ')}.`,
        input.reasonsText,
      ].join('\n'),
      detail: {
        decision: input.decision,
        basis: input.basis,
        reasons: input.reasons,
        reasonsText: input.reasonsText,
        recipient: recipientOf(request, row),
      },
      at: now,
    });
    if (declining) {
      await enqueueMail(
        tx,
        changedMail(
          brandOf(request),
          ctx.env,
          request,
          await visitorSecret(tx, ctx.env, request.reference),
          `${request.operator} has declined to disclose the footage you asked for, and says why.`,
        ),
      );
    }
    return view({
      ...row,
      decision: input.decision,
      basis: input.basis,
      reasons: [...input.reasons],
      reasons_text: input.reasonsText,
      decided_at: now,
      decided_by_name: user.userName,
    });
  });
}

/** Footage handed over outside the product (the force's own upload link, a disc): what, when, to whom. */
export async function handedOver(
  ctx: Ctx,
  user: AuthUser,
  requestId: number,
  input: z.output<typeof handedOverBody>,
  now: Date,
) {
  return ctx.db.transaction(async (tx) => {
    const request = await repo.companyRequest(tx, user.companyId, requestId, true);
    const row = request && (await tpRepo.companyThirdParty(tx, user.companyId, requestId));
    if (!request || !row) throw notThirdParty();
    if (row.decision !== 'disclose' || !row.basis)
      throw new HttpError(409, 'Record the decision to disclose, with its reasons, first.');
    if (row.handed_over) throw new HttpError(409, 'The hand-over has been recorded already.');
    await tpRepo.recordHandedOver(tx, requestId, input, now);
    const answering = ['received', 'in_progress', 'extended', 'awaiting_clarification'].includes(
      request.state,
    );
    if (answering) await repo.updateRequest(tx, requestId, { state: 'answered', answered_at: now });
    const when = `${formatUkDate(input.when.slice(0, 10))} at ${input.when.slice(11)}`;
    await repo.appendEvent(tx, {
      requestId,
      companyId: request.company_id,
      actor: 'operator',
      actorName: user.userName,
      actorUserId: user.id,
      action: thirdPartyActions.handedOver,
      fromState: request.state,
      toState: answering ? 'answered' : request.state,
      body: `Handed over outside the product: ${input.what}, on ${when}, to ${input.toWhom}, by ${input.how}.`,
      detail: { basis: row.basis, ...input, recipient: recipientOf(request, row) },
      at: now,
    });
    return view({ ...row, handed_over: input, handed_over_at: now });
  });
}
