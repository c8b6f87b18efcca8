// The outbox as the tests read it: the .eml files the server writes to DATA_DIR/outbox when no SMTP
// server is configured, decoded as a mail client would. Each API test names the data directory of
// the server it started; e2e/support/outbox.ts wraps this reader with the end-to-end server's
// folder (the end-to-end suite may use the API's helpers, never the other way round).
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** A message the server delivered to its outbox (`DATA_DIR/outbox/*.eml`), decoded. */
export interface Mail {
  /** Path of the .eml file. */
  file: string;
  /** When the file was written. */
  deliveredAt: Date;
  from: string;
  to: string;
  subject: string;
  /** Every header, names in lower case, values unfolded and decoded. */
  headers: Record<string, string>;
  /** The plain-text body (empty when the message has none). */
  text: string;
  html: string | undefined;
  /** http(s) links in the text body, then any further ones in the HTML body, each once. */
  links: string[];
}

export interface MailFilter {
  /** An address (or part of one) that must appear in the To header; case-insensitive. */
  to?: string;
  /** A part of the subject, or a pattern it must match. */
  subject?: string | RegExp;
  /** Only mail delivered at or after this moment, e.g. the time the test pressed "Send". */
  since?: Date;
}

export interface WaitForMailOptions {
  timeoutMs?: number;
  /** The outbox folder: DATA_DIR/outbox of the server under test. */
  dir: string;
}

interface Part {
  headers: Record<string, string>;
  /** Raw body bytes as a latin1 string, so no byte is lost before the charset is known. */
  body: string;
}

function splitHeaders(raw: string): Part {
  const end = raw.indexOf('\n\n');
  const head = end === -1 ? raw : raw.slice(0, end);
  const body = end === -1 ? '' : raw.slice(end + 2);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!(name in headers)) headers[name] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decodeBytes(latin1: string, charset = 'utf-8'): string {
  const bytes = Buffer.from(latin1, 'latin1');
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

function decodeQuotedPrintable(latin1: string): string {
  return latin1
    .replace(/=[ \t]*\n/g, '')
    .replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

const encodedWord = /=\?([^?\s]+)\?([BbQq])\?([^?\s]*)\?=/g;

/** RFC 2047: adjacent encoded words are joined byte-wise, since a character may be split between them. */
function decodeHeader(value: string): string {
  const joined = value.replace(/(\?=)\s+(?==\?)/g, '$1');
  let out = '';
  let pending = '';
  let pendingCharset = 'utf-8';
  let last = 0;
  const flush = () => {
    if (pending) out += decodeBytes(pending, pendingCharset);
    pending = '';
  };
  for (const match of joined.matchAll(encodedWord)) {
    const [whole, charset = 'utf-8', encoding = 'Q', text = ''] = match;
    const index = match.index ?? 0;
    if (index > last || charset.toLowerCase() !== pendingCharset) {
      flush();
      out += decodeBytes(joined.slice(last, index));
    }
    pendingCharset = charset.toLowerCase();
    pending +=
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('latin1')
        : decodeQuotedPrintable(text.replace(/_/g, ' '));
    last = index + whole.length;
  }
  flush();
  return out + decodeBytes(joined.slice(last));
}

function param(headerValue: string | undefined, name: string): string | undefined {
  const match = headerValue?.match(new RegExp(`;\\s*${name}\\s*=\\s*(?:"([^"]*)"|([^;\\s]+))`, 'i'));
  return match ? (match[1] ?? match[2]) : undefined;
}

function bodyText(part: Part): string {
  const encoding = (part.headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  const bytes =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(part.body)
      : encoding === 'base64'
        ? Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('latin1')
        : part.body;
  return decodeBytes(bytes, param(part.headers['content-type'], 'charset') ?? 'utf-8');
}

function collectBodies(part: Part, found: { text?: string; html?: string }): void {
  const type = (part.headers['content-type'] ?? 'text/plain').split(';')[0]?.trim().toLowerCase();
  if (type?.startsWith('multipart/')) {
    const boundary = param(part.headers['content-type'], 'boundary');
    if (!boundary) return;
    const delimiter = `--${boundary}`;
    // The text before the first delimiter is the preamble; a section starting with "--" closes the parts.
    const sections = `\n${part.body}`.split(`\n${delimiter}`).slice(1);
    for (const section of sections) {
      if (section.startsWith('--')) break;
      collectBodies(splitHeaders(section.replace(/^[ \t]*\n/, '')), found);
    }
    return;
  }
  if (/^attachment/i.test(part.headers['content-disposition'] ?? '')) return;
  if (type === 'text/plain' && found.text === undefined) found.text = bodyText(part);
  if (type === 'text/html' && found.html === undefined) found.html = bodyText(part);
}

function extractLinks(text: string, html: string | undefined): string[] {
  const links = new Set<string>();
  for (const match of text.matchAll(/https?:\/\/[^\s<>"'()[\]]+/g)) {
    links.add(match[0].replace(/[.,;:!?]+$/, ''));
  }
  for (const match of html?.matchAll(/href\s*=\s*"(https?:\/\/[^"]+)"/gi) ?? []) {
    links.add(
      (match[1] ?? '')
        .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
        .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
        .replace(/&quot;/g, '"')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&'),
    );
  }
  return [...links];
}

/** Parses an RFC 822 message as nodemailer writes it (multipart, quoted-printable or base64, UTF-8). */
export function parseMail(raw: Buffer | string, file = '', deliveredAt = new Date(0)): Mail {
  const latin1 = (typeof raw === 'string' ? Buffer.from(raw, 'utf8') : raw)
    .toString('latin1')
    .replace(/\r\n/g, '\n');
  const top = splitHeaders(latin1);
  const headers = Object.fromEntries(
    Object.entries(top.headers).map(([name, value]) => [name, decodeHeader(value)]),
  );
  const found: { text?: string; html?: string } = {};
  collectBodies(top, found);
  const text = (found.text ?? '').replace(/\n$/, '');
  return {
    file,
    deliveredAt,
    from: headers.from ?? '',
    to: headers.to ?? '',
    subject: headers.subject ?? '',
    headers,
    text,
    html: found.html,
    links: extractLinks(text, found.html),
  };
}

/** Every message in the outbox, oldest first; an outbox not yet created is empty. */
export async function readOutbox(dir: string): Promise<Mail[]> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((name) => name.endsWith('.eml'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const mails = await Promise.all(
    names.map(async (name) => {
      const file = join(dir, name);
      const [raw, info] = await Promise.all([readFile(file), stat(file)]);
      return parseMail(raw, file, info.mtime);
    }),
  );
  return mails.sort((a, b) => a.deliveredAt.getTime() - b.deliveredAt.getTime());
}

function matchesFilter(mail: Mail, filter: MailFilter): boolean {
  if (filter.to && !mail.to.toLowerCase().includes(filter.to.toLowerCase())) return false;
  if (filter.subject !== undefined) {
    const ok =
      typeof filter.subject === 'string'
        ? mail.subject.includes(filter.subject)
        : filter.subject.test(mail.subject);
    if (!ok) return false;
  }
  // File times can be coarser than the clock; a second of slack keeps a just-sent message in.
  if (filter.since && mail.deliveredAt.getTime() < filter.since.getTime() - 1000) return false;
  return true;
}

/**
 * Waits until the outbox holds a message matching `filter` (fields, or a predicate) and returns the
 * newest such message. Fails after `timeoutMs` listing what the outbox does hold.
 */
export async function waitForMail(
  filter: MailFilter | ((mail: Mail) => boolean),
  { timeoutMs = 15_000, dir }: WaitForMailOptions,
): Promise<Mail> {
  const accept = typeof filter === 'function' ? filter : (mail: Mail) => matchesFilter(mail, filter);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = await readOutbox(dir);
    const match = mails.filter(accept).at(-1);
    if (match) return match;
    if (Date.now() >= deadline) {
      const held = mails.map((m) => `  - to ${m.to}: "${m.subject}"`).join('\n') || '  (empty)';
      const wanted = typeof filter === 'function' ? 'the predicate' : JSON.stringify(filter, replacer);
      throw new Error(
        `No mail matching ${wanted} arrived within ${timeoutMs} ms. The outbox holds:\n${held}`,
      );
    }
    await new Promise((done) => setTimeout(done, 100));
  }
}

function replacer(_key: string, value: unknown): unknown {
  return value instanceof RegExp ? String(value) : value;
}
