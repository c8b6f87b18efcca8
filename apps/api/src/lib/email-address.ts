import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/db';
import { countInDatabase, type LimitWindow, rateLimitedError } from '../plugins/rate-limit';

// Providers that deliver `j.o.e@` to `joe@`: one mailbox, however the dots are placed.
const DOTLESS_DOMAINS: Record<string, string> = { 'gmail.com': 'gmail.com', 'googlemail.com': 'gmail.com' };

/**
 * The mailbox an address reaches, as one key for per-address mail limits: lower case, the
 * `+tag` of the local part removed, and for providers that ignore dots in the local part
 * (Gmail, Googlemail) the dots removed and the domain made one. `Victim+1@GMail.com`,
 * `v.i.c.t.i.m@googlemail.com` and `victim@gmail.com` are all `victim@gmail.com`.
 * Only for counting: mail is still sent to the address as given.
 */
export function normaliseEmail(address: string): string {
  const trimmed = address.trim().toLowerCase();
  const at = trimmed.lastIndexOf('@');
  if (at <= 0) return trimmed;
  let local = trimmed.slice(0, at);
  let domain = trimmed.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  const dotless = DOTLESS_DOMAINS[domain];
  if (dotless) {
    local = local.replaceAll('.', '');
    domain = dotless;
  }
  return `${local}@${domain}`;
}

/** The e-mail address in the string field `name` of the JSON body, normalised (for `perAccount.account`). */
export function bodyEmail(name: string) {
  return (request: FastifyRequest): string | undefined => {
    const body = request.body;
    if (typeof body !== 'object' || body === null) return undefined;
    const value = (body as Record<string, unknown>)[name];
    return typeof value === 'string' && value.trim() !== '' ? normaliseEmail(value) : undefined;
  };
}

/**
 * Counts one mail to `address` (normalised) under the limit `name`, whoever asks for it, and
 * answers 429 once the mailbox has had `window.max` in the window: so no call can be used to fill
 * a stranger's inbox, with or without `+tags`.
 */
export async function limitMailTo(
  db: Queryable,
  name: string,
  address: string,
  window: LimitWindow,
): Promise<void> {
  if (!address.trim()) return;
  const mails = await countInDatabase(
    db,
    { name, per: 'recipient', subject: normaliseEmail(address) },
    window,
  );
  if (!mails.within) throw rateLimitedError();
}
