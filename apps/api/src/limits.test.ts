import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './env';
import * as limits from './limits';

type Window = { max: number; windowMs: number };

const windowText = (ms: number) => (ms < 3_600_000 ? `${ms / 60_000} min` : `${ms / 3_600_000} h`);
const row = (name: string, counts: string, w: Window, where: string) =>
  `| \`${name}\` | ${counts} | ${w.max} | ${windowText(w.windowMs)} | ${where} |`;

/** The rows the README's table must hold, read from the one table of limits (limits.ts). */
function rowsOfLimits(): string[] {
  const rows: string[] = [];
  const route = (l: { name: string; perAddress: Window; perAccount?: Window; inMemory?: true }) => {
    rows.push(row(l.name, 'client address', l.perAddress, l.inMemory ? 'memory' : 'database'));
    if (l.perAccount) rows.push(row(l.name, 'account', l.perAccount, 'database'));
  };
  for (const l of Object.values(limits.accountLimits)) route(l);
  for (const l of Object.values(limits.lookupLimits)) route(l);
  for (const l of Object.values(limits.formLimits)) route(l);
  route(limits.downloadLinkLimit);
  route(limits.invitationLimits.request);
  route(limits.tokenLinkLimit);
  route(limits.publicReadLimit);
  route(limits.printLimit);
  for (const l of Object.values(limits.requestLimits)) route(l);
  for (const l of Object.values(limits.disclosureLimits)) route(l);
  for (const l of Object.values(limits.guessLimits)) {
    rows.push(
      row(l.name, 'client address on one account, wrong guesses', l.perAddressAndAccount, 'database'),
    );
    rows.push(row(l.name, 'account, wrong guesses', l.perAccount, 'database'));
  }
  const { perAccount, perAddress, windowMs } = limits.EMAIL_CHANGE_MAILS;
  rows.push(row('email-change', 'account, mails', { max: perAccount, windowMs }, 'database'));
  rows.push(row('email-change', 'new mailbox, mails', { max: perAddress, windowMs }, 'database'));
  rows.push(row('invitation', 'mailbox invited', limits.invitationLimits.recipient, 'database'));
  rows.push(row('contact-form', 'sender mailbox', limits.perSenderLimit, 'database'));
  rows.push(row('official-request', 'sender mailbox', limits.officialRequestMails, 'database'));
  rows.push(row('forgot-password', 'user, mails of one live link', limits.RESET_LINK_MAILS, 'database'));
  rows.push(
    row(
      'search-record',
      'client address on one sign, look-ups counted',
      limits.SEARCH_COUNTED_ONCE,
      'database',
    ),
  );
  return rows;
}

/** The rows of the README's "Rate limits" table. */
function readmeRows(): string[] {
  const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
  const section = readme.split(/^### Rate limits$/m)[1]?.split(/^#/m)[0] ?? '';
  return section.split('\n').filter((line) => line.startsWith('| `'));
}

describe('the table of rate limits', () => {
  it("is the README's table, row for row", () => {
    expect(readmeRows()).toEqual(rowsOfLimits());
  });

  it('pins the limits people meet most', () => {
    // Sign-in: 30 tries in 5 minutes from an address; 5 wrong guesses at one account from one
    // address and 10 from anywhere in 15 minutes (docs/decisions/0010, 0046).
    expect(limits.accountLimits.login.perAddress).toEqual({ max: 30, windowMs: 5 * 60_000 });
    expect(limits.guessLimits.login.perAddressAndAccount).toEqual({ max: 5, windowMs: 15 * 60_000 });
    expect(limits.guessLimits.login.perAccount).toEqual({ max: 10, windowMs: 15 * 60_000 });
    // A visitor reads 300 pages a minute and searches 60 times a minute (docs/decisions/0023).
    expect(limits.publicReadLimit.perAddress).toEqual({ max: 300, windowMs: 60_000 });
    expect(limits.lookupLimits.search.perAddress).toEqual({ max: 60, windowMs: 60_000 });
  });
});
