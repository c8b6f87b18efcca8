import type { BrandConfig } from '@app/brands';
import type { Env } from '../../env';
import { publicOrigin } from '../../lib/public-url';
import type { OutgoingMail } from '../mail/outbox';

type LinkEnv = Pick<Env, 'publicUrlPattern' | 'nodeEnv' | 'port'>;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function compose(
  brand: BrandConfig,
  to: string,
  subject: string,
  paragraphs: string[],
  link?: { label: string; url: string },
): OutgoingMail {
  const text = [
    ...paragraphs.slice(0, 1),
    ...(link ? [`${link.label}: ${link.url}`] : []),
    ...paragraphs.slice(1),
  ]
    .concat(`${brand.name}`)
    .join('\n\n');
  const html = [
    `<p>${escapeHtml(paragraphs[0] ?? '')}</p>`,
    link ? `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>` : '',
    ...paragraphs.slice(1).map((p) => `<p>${escapeHtml(p)}</p>`),
    `<p>${escapeHtml(brand.name)}</p>`,
  ].join('\n');
  return { brand: brand.id, to, subject, text: `${text}\n`, html };
}

/** The link that confirms a new account: `/?userId={id}&token={t}` on the brand's own origin. */
export function confirmationLink(brand: BrandConfig, env: LinkEnv, userId: number, token: string): string {
  return `${publicOrigin(brand, env)}/?userId=${userId}&token=${encodeURIComponent(token)}`;
}

export function confirmationMail(
  brand: BrandConfig,
  env: LinkEnv,
  user: { id: number; firstname: string; email: string },
  token: string,
): OutgoingMail {
  return compose(
    brand,
    user.email,
    `Confirm your ${brand.name} account`,
    [
      // A person is greeted by their name; the user name is what they sign in with, not who they are.
      `Hello ${user.firstname.trim() || 'there'}, thank you for registering with ${brand.name}. Please confirm your account by opening this link within 48 hours:`,
      'Then sign in with your username to add more stickers or sites. You only need to register once.',
      'If you did not register, ignore this message: the account stays unconfirmed.',
    ],
    { label: 'Confirm your account', url: confirmationLink(brand, env, user.id, token) },
  );
}

/** The reset link: `/?value={jwt}` on the brand's own origin. */
export function resetLink(brand: BrandConfig, env: LinkEnv, jwt: string): string {
  return `${publicOrigin(brand, env)}/?value=${encodeURIComponent(jwt)}`;
}

export function resetMail(
  brand: BrandConfig,
  env: LinkEnv,
  user: { userName: string; email: string },
  jwt: string,
): OutgoingMail {
  return compose(
    brand,
    user.email,
    `Reset your ${brand.name} password`,
    [
      `Hello ${user.userName}, someone asked to reset the password of your ${brand.name} account. To choose a new password, open this link within one hour:`,
      'The link works once. If you did not ask for it, ignore this message: your password stays as it is.',
    ],
    { label: 'Reset your password', url: resetLink(brand, env, jwt) },
  );
}

export function passwordChangedMail(
  brand: BrandConfig,
  env: LinkEnv,
  user: { userName: string; email: string },
): OutgoingMail {
  return compose(brand, user.email, `Your ${brand.name} password was changed`, [
    `Hello ${user.userName}, the password of your ${brand.name} account was changed just now, and every device that was signed in has been signed out.`,
    `If this was not you, ask for a new reset link on ${publicOrigin(brand, env)} straight away and contact us.`,
  ]);
}
