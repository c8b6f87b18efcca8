import type { BrandConfig } from '@app/brands';
import { formatUkDate } from '@app/contract/dates';
import { DISCLOSURE_CODE_MINUTES } from '@app/contract/disclosure-release';
import { escapeHtml } from '../../lib/escape';
import type { OutgoingMail } from '../mail/outbox';

function compose(brand: BrandConfig, to: string, subject: string, lines: string[]): OutgoingMail {
  const text = `${[...lines, brand.name].join('\n\n')}\n`;
  const html = [...lines, brand.name].map((line) => `<p>${escapeHtml(line)}</p>`).join('\n');
  return { brand: brand.id, to, subject, text, html };
}

/** The visitor hears that files are ready on their private page (the link is theirs already). */
export function releasedMail(
  brand: BrandConfig,
  to: string,
  f: { reference: string; operator: string; link: string; expiresAt: Date; files: number },
): OutgoingMail {
  return compose(brand, to, `Your footage from ${f.operator} is ready (${f.reference})`, [
    `${f.operator} has released ${f.files === 1 ? 'a file' : `${f.files} files`} and a letter in answer to your request ${f.reference}.`,
    `Open your request's page to download them: ${f.link}`,
    'To download, you will be asked for a code that we send to this e-mail address, so only you can download them.',
    `The files can be downloaded until ${formatUkDate(f.expiresAt)}; then they are deleted.`,
  ]);
}

/** The one-time code: nothing else, no link, so a forwarded or intercepted link alone downloads nothing. */
export function codeMail(
  brand: BrandConfig,
  to: string,
  f: { reference: string; operator: string; code: string },
): OutgoingMail {
  return compose(brand, to, `Your download code: ${f.code}`, [
    `Your code to download the files ${f.operator} released for request ${f.reference}: ${f.code}`,
    `It works once, for ${DISCLOSURE_CODE_MINUTES} minutes. If you did not ask for it, you can ignore this e-mail: nobody can download the files without it.`,
  ]);
}
