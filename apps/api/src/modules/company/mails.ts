import type { BrandConfig } from '@app/brands';
import type { Env } from '../../env';
import { publicOrigin } from '../../lib/public-url';
import type { OutgoingMail } from '../mail/outbox';

type LinkEnv = Pick<Env, 'publicUrlPattern' | 'nodeEnv' | 'port'>;

/** Plain text only: company names are the operator's own text and are never read as HTML. */
export function mail(brand: BrandConfig, to: string, subject: string, paragraphs: string[]): OutgoingMail {
  return { brand: brand.id, to, subject, text: `${[...paragraphs, brand.name].join('\n\n')}\n` };
}

export function invitationLink(brand: BrandConfig, env: LinkEnv, token: string): string {
  return `${publicOrigin(brand, env)}/accept-invite?token=${encodeURIComponent(token)}`;
}

export function invitationMail(
  brand: BrandConfig,
  env: LinkEnv,
  to: string,
  companyName: string,
  token: string,
) {
  return mail(brand, to, `You are invited to manage the signs of ${companyName}`, [
    `${companyName} has invited you to manage its sites and signs on ${brand.name}.`,
    `Choose your user name and password here (the link works for 7 days): ${invitationLink(brand, env, token)}`,
    'If you did not expect this invitation, you can ignore this e-mail.',
  ]);
}
