import type { BrandConfig } from '@app/brands';
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

function compose(brand: BrandConfig, to: string, subject: string, lines: string[]): OutgoingMail {
  const text = `${[...lines, brand.name].join('\n\n')}\n`;
  const html = [...lines, brand.name]
    .map((line) => `<p>${escapeHtml(line).replaceAll('\n', '<br>')}</p>`)
    .join('\n');
  return { brand: brand.id, to, subject, text, html };
}

function details(facts: RelayMailFacts): string[] {
  const r = facts.request;
  const lines = [`What they want: ${relayKindLabels[r.kind]}`];
  if (r.kind === 'footage') {
    lines.push(
      `Recorded on: ${r.footageDate ?? ''}, between ${r.timeFrom ?? ''} and ${r.timeTo ?? ''}`,
      `Where they were: ${r.location || '(not given)'}`,
      `How to find them: ${r.description}`,
    );
  }
  if (r.message) lines.push(`Message:\n${r.message}`);
  return lines;
}

/** To the operator's master users: who wrote, what they want, and the two dates that matter. */
export function operatorMail(
  brand: BrandConfig,
  env: LinkEnv,
  to: string,
  facts: RelayMailFacts,
): OutgoingMail {
  const r = facts.request;
  return compose(brand, to, `${facts.reference}: ${relayKindLabels[r.kind]} about ${facts.siteName}`, [
    `A visitor wrote to you through the ${brand.name} about your sign ${facts.signRef} at ${facts.siteName}.`,
    `Reference: ${facts.reference}`,
    `From: ${r.name} <${r.email}> (reply to them directly)`,
    ...details(facts),
    `Answer by: ${facts.dueDate} (one calendar month from receipt)`,
    ...(facts.overwriteDate
      ? [`The footage would be overwritten on: ${facts.overwriteDate}. Keep it until you have answered.`]
      : []),
    `Your requests: ${publicOrigin(brand, env)}/requests`,
  ]);
}

/** To the visitor: their reference; the operator's address stays unpublished. */
export function acknowledgementMail(brand: BrandConfig, facts: RelayMailFacts): OutgoingMail {
  const r = facts.request;
  return compose(brand, r.email, `We have passed on your message (${facts.reference})`, [
    `Hello ${r.name}, your message about the sign ${facts.signRef} (${facts.siteName}, run by ${facts.operator}) has been sent to the operator.`,
    `Your reference: ${facts.reference}`,
    ...details(facts),
    ...(r.kind === 'footage'
      ? [
          `The operator should answer a request for a copy of footage of you by ${facts.dueDate}, one calendar month from today.`,
        ]
      : []),
    'The operator will answer you by e-mail. Quote your reference if you write again.',
  ]);
}
