import type { BrandConfig } from '@app/brands';
import { formatUkDate } from '@app/contract/dates';
import { type RelayBody, relayKindLabels } from '@app/contract/lookup';
import type { Env } from '../../env';
import { escapeHtml } from '../../lib/escape';
import { publicOrigin } from '../../lib/public-url';
import type { OutgoingMail } from '../mail/outbox';

type LinkEnv = Pick<Env, 'publicUrlPattern' | 'nodeEnv' | 'port'>;

export interface RelayMailFacts {
  reference: string;
  signRef: string;
  operator: string;
  siteName: string;
  request: RelayBody & { kind: keyof typeof relayKindLabels };
  dueDate: string;
  overwriteDate: string | null;
}

function compose(
  brand: BrandConfig,
  to: string,
  subject: string,
  lines: string[],
  replyTo?: string,
): OutgoingMail {
  const text = `${[...lines, brand.name].join('\n\n')}\n`;
  const html = [...lines, brand.name]
    .map((line) => `<p>${escapeHtml(line).replaceAll('\n', '<br>')}</p>`)
    .join('\n');
  return { brand: brand.id, to, subject, text, html, ...(replyTo ? { replyTo } : {}) };
}

/** The footage window, in words: "20 November 2026, between 14:00 and 14:30". */
function recorded(r: RelayMailFacts['request']): string {
  return `${r.footageDate ? formatUkDate(r.footageDate) : ''}, between ${r.timeFrom ?? ''} and ${r.timeTo ?? ''}`;
}

/** Everything the visitor wrote, for the operator. */
function details(facts: RelayMailFacts): string[] {
  const r = facts.request;
  const lines = [`What they want: ${relayKindLabels[r.kind]}`];
  if (r.kind === 'footage') {
    lines.push(
      `Recorded on: ${recorded(r)}`,
      `Where they were: ${r.location || '(not given)'}`,
      `How to find them: ${r.description}`,
    );
  }
  if (r.message) lines.push(`Message:\n${r.message}`);
  return lines;
}

/**
 * To the operator's master users: who wrote, what they want, and the two dates that matter.
 * Reply-To is the visitor, so pressing Reply answers them.
 */
export function operatorMail(
  brand: BrandConfig,
  env: LinkEnv,
  to: string,
  facts: RelayMailFacts,
): OutgoingMail {
  const r = facts.request;
  return compose(
    brand,
    to,
    `${facts.reference}: ${relayKindLabels[r.kind]} about ${facts.siteName}`,
    [
      `A visitor wrote to you through the ${brand.name} about your sign ${facts.signRef} at ${facts.siteName}.`,
      `Reference: ${facts.reference}`,
      `From: ${r.name} <${r.email}> (press Reply to answer them directly)`,
      ...details(facts),
      `Answer by: ${formatUkDate(facts.dueDate)} (one calendar month from receipt)`,
      ...(facts.overwriteDate
        ? [
            `The footage would be overwritten on: ${formatUkDate(facts.overwriteDate)}. Keep it until you have answered.`,
          ]
        : []),
      `Your requests: ${publicOrigin(brand, env)}/requests`,
    ],
    r.email,
  );
}

const askedFor: Record<keyof typeof relayKindLabels, string> = {
  question: 'You asked the operator a question.',
  footage: 'You asked the operator for a copy of footage of you',
  complaint: 'You made a complaint to the operator.',
};

/**
 * To the visitor, at an address nobody has confirmed: the reference and our own words only. Nothing
 * the visitor typed (name, message, description) is repeated, so the form cannot be used to send
 * a stranger a text of one's choosing; the operator's address stays unpublished.
 */
export function acknowledgementMail(brand: BrandConfig, facts: RelayMailFacts): OutgoingMail {
  const r = facts.request;
  return compose(brand, r.email, `We have passed on your message (${facts.reference})`, [
    'Hello,',
    `You wrote to the operator of the CCTV sign ${facts.signRef} through the ${brand.name}, and we have passed your message on to them.`,
    `Your reference: ${facts.reference}`,
    r.kind === 'footage' ? `${askedFor.footage}, recorded on ${recorded(r)}.` : askedFor[r.kind],
    ...(r.kind === 'footage'
      ? [
          `The operator should answer your request by ${formatUkDate(facts.dueDate)}, one calendar month from today. Ask them to keep the footage until they have answered.`,
        ]
      : []),
    'The operator will answer you by e-mail. Quote your reference if you write to them again.',
    'If you did not send this message, you can ignore this e-mail.',
  ]);
}
