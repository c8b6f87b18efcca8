import type { BrandConfig } from '@app/brands';
import { formatUkDate } from '@app/contract/dates';
import { preferredFormLabels, type RequestKind, requestKindLabels } from '@app/contract/request-lifecycle';
import type { Env } from '../../env';
import { escapeHtml } from '../../lib/escape';
import { publicOrigin } from '../../lib/public-url';
import type { OutgoingMail } from '../mail/outbox';
import type { RequestRow } from './repository';

type LinkEnv = Pick<Env, 'publicUrlPattern' | 'nodeEnv' | 'port'>;

/** Where a person unhappy with the answer (or with no answer) can complain. */
export const ICO_COMPLAINTS =
  "the Information Commissioner's Office (ICO), the UK's data protection regulator: https://ico.org.uk/make-a-complaint or 0303 123 1113";

function compose(brand: BrandConfig, to: string, subject: string, lines: string[]): OutgoingMail {
  const text = `${[...lines, brand.name].join('\n\n')}\n`;
  const html = [...lines, brand.name]
    .map((line) => `<p>${escapeHtml(line).replaceAll('\n', '<br>')}</p>`)
    .join('\n');
  return { brand: brand.id, to, subject, text, html };
}

/** The visitor's private page: the secret travels in the fragment, which no server or log ever sees. */
export function visitorLink(brand: BrandConfig, env: LinkEnv, reference: string, secret: string): string {
  return `${publicOrigin(brand, env)}/request/${reference}#${secret}`;
}

/** The request on the operator's desk. */
export function deskLink(brand: BrandConfig, env: LinkEnv, id: number): string {
  return `${publicOrigin(brand, env)}/requests/${id}`;
}

type Facts = Pick<
  RequestRow,
  | 'id'
  | 'reference'
  | 'kind'
  | 'site_name'
  | 'sign_ref'
  | 'operator'
  | 'footage_date'
  | 'time_from'
  | 'time_to'
  | 'preferred_form'
  | 'representative'
  | 'visitor_name'
  | 'visitor_email'
  | 'location'
  | 'camera'
  | 'description'
  | 'message'
>;

const window = (f: Facts) =>
  f.footage_date
    ? `${formatUkDate(f.footage_date)}, between ${f.time_from ?? ''} and ${f.time_to ?? ''}`
    : '';

/** The fields of the request that the visitor chose from fixed options or dates: never free text. */
function chosenFacts(f: Facts): string[] {
  const lines = [
    `What you asked for: ${requestKindLabels[f.kind]}`,
    `Sign: ${f.sign_ref ?? '(no longer on the register)'} at ${f.site_name}`,
  ];
  if (f.kind === 'footage') {
    lines.push(`Recorded on: ${window(f)}`);
    if (f.preferred_form) lines.push(`How you would like it: ${preferredFormLabels[f.preferred_form]}`);
  }
  if (f.representative) lines.push('You are asking on behalf of someone else (or someone under 16).');
  return lines;
}

/**
 * To the visitor, at an address nobody has confirmed yet. It names the operator and repeats what
 * the visitor chose (kind, sign, dates, form) but none of the text they typed, so the form cannot
 * send a stranger words of somebody's choosing (docs/decisions/0042); the whole request is on the
 * private page the link opens.
 */
export function acknowledgementMail(
  brand: BrandConfig,
  env: LinkEnv,
  f: Facts,
  secret: string,
  due: { date: string | null; reason: string },
): OutgoingMail {
  const { reference } = f;
  const timeLimit =
    f.kind === 'complaint'
      ? `${f.operator} must acknowledge your complaint within 30 days and tell you what they will do.`
      : f.kind === 'footage'
        ? `${f.operator} must answer by ${due.date ? formatUkDate(due.date) : 'the date shown on your page'} (${due.reason}). They may first ask you to prove who you are: the month starts when that proof arrives.`
        : `${f.operator} will answer you through your private page.`;
  return compose(brand, f.visitor_email, `Your request ${reference} to ${f.operator}`, [
    'Hello,',
    `You sent a request through the ${brand.name} to ${f.operator}, who runs the CCTV at ${f.site_name}. We have passed it on to them.`,
    `Your reference: ${reference}`,
    ...chosenFacts(f),
    timeLimit,
    `Your private page shows a copy of everything you sent, where your request has got to, and the operator's messages. You can send what they ask for there, or withdraw the request. Keep this e-mail: anyone with the link can open the page.\n${visitorLink(brand, env, f.reference, secret)}`,
    `If you get no answer in time, or are unhappy with it, you can complain to ${ICO_COMPLAINTS}.`,
    'If you did not send this request, you can ignore this e-mail.',
  ]);
}

/** To the visitor when something changed: only that it did, and the link; the words are on the page. */
export function changedMail(
  brand: BrandConfig,
  env: LinkEnv,
  f: Facts,
  secret: string,
  what: string,
): OutgoingMail {
  const { reference } = f;
  return compose(brand, f.visitor_email, `News about your request ${reference}`, [
    'Hello,',
    `${what} Open your private page to read it and to answer:`,
    visitorLink(brand, env, f.reference, secret),
  ]);
}

const newWhat: Record<RequestKind, string> = {
  footage: 'asks for a copy of footage of themselves',
  question: 'has a question',
  complaint: 'makes a complaint',
  third_party: 'writes as the police, an insurer or a solicitor',
};

/** To the users told of new requests: what arrived, the dates that matter, and the link to it. */
export function newRequestMail(
  brand: BrandConfig,
  env: LinkEnv,
  to: string,
  f: Facts,
  dates: { due: string | null; overwrite: string | null; acknowledgeBy: string | null },
): OutgoingMail {
  const { reference } = f;
  const lines = [
    `${f.visitor_name} ${newWhat[f.kind]} about your sign ${f.sign_ref ?? ''} at ${f.site_name}.`,
    `Reference: ${reference}`,
  ];
  if (f.kind === 'footage') {
    lines.push(`Recorded on: ${window(f)}`);
    if (f.location) lines.push(`Where they were: ${f.location}`);
    if (f.camera) lines.push(`Camera: ${f.camera}`);
    lines.push(`How to find them: ${f.description}`);
    lines.push(
      dates.overwrite
        ? `Save the footage before ${formatUkDate(dates.overwrite)}, when your recorder would overwrite it. Mark it saved on the request.`
        : 'Your site has not said how long its recorder keeps footage: save the footage now, before it is overwritten.',
    );
  }
  if (f.message) lines.push(`Message:\n${f.message}`);
  if (dates.acknowledgeBy) lines.push(`Acknowledge the complaint by ${formatUkDate(dates.acknowledgeBy)}.`);
  if (dates.due && f.kind !== 'question') lines.push(`Answer by ${formatUkDate(dates.due)}.`);
  lines.push(`Open the request: ${deskLink(brand, env, f.id)}`);
  return compose(brand, to, `${reference}: ${requestKindLabels[f.kind]} about ${f.site_name}`, lines);
}

/** To the master users: a reminder that a date is near or has passed. */
export function reminderMail(
  brand: BrandConfig,
  env: LinkEnv,
  to: string,
  f: Facts,
  what: string,
): OutgoingMail {
  const { reference } = f;
  return compose(brand, to, `${reference}: ${what}`, [
    `${what}: request ${reference} about ${f.site_name}.`,
    `Open the request: ${deskLink(brand, env, f.id)}`,
  ]);
}

/** To the users told of requests: the visitor answered or wrote. */
export function visitorWroteMail(
  brand: BrandConfig,
  env: LinkEnv,
  to: string,
  f: Facts,
  what: string,
): OutgoingMail {
  const { reference } = f;
  return compose(brand, to, `${reference}: ${what}`, [
    `${what} on request ${reference} about ${f.site_name}.`,
    `Open the request: ${deskLink(brand, env, f.id)}`,
  ]);
}
