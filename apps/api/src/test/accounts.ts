import type { SignUpBody, SignUpReply } from '@app/contract/accounts';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Queryable } from '../db/db';
import type { TestApp } from './test-app';

// Helpers of the accounts tests: they drive the API as the web app does.

let counter = 0;
const unique = () => `${Date.now().toString(36).slice(-4)}${(counter++).toString(36)}`;

/** A free sticker of our own in the test database. */
export async function addSticker(
  db: Queryable,
  signRef = `T${unique().toUpperCase()}-TEST-SIGN`,
  prefixNo = 'TST12345',
): Promise<{ id: number; signRef: string; prefixNo: string }> {
  const row = await db.one<{ id: number }>(
    `insert into stickers (sign_ref, sign_ref_key, prefix_no)
     values ($1, regexp_replace($1, '[^A-Z0-9]', '', 'g'), $2) returning id`,
    [signRef, prefixNo],
  );
  return { id: row.id, signRef, prefixNo };
}

/** A complete sign-up form as the web app sends it. */
export function signUpPayload(
  sticker: { signRef: string; prefixNo: string },
  overrides: Partial<SignUpBody> = {},
): SignUpBody {
  const name = `user${unique()}`;
  return {
    companyName: 'Northern Watch Ltd',
    title: 'Ms',
    firstname: 'Ada',
    surname: 'Lovelace',
    address1: '1 Lantern Row',
    address2: '',
    address3: '',
    town: 'Leeds',
    postcode: 'LS1 9ZQ',
    county: 'West Yorkshire (England)',
    email: `${name}@example.com`,
    tel: '0113 496 0001',
    userName: name,
    password: 'correct horse battery',
    siteName: 'Yard gate',
    keyInfo: 'Recordings are overwritten every 30 days.',
    signRef: sticker.signRef,
    prefixNo: sticker.prefixNo,
    masterUser: 1,
    ...overrides,
  };
}

export function call(
  t: TestApp,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  options: { body?: unknown; token?: string; headers?: Record<string, string>; remoteAddress?: string } = {},
): Promise<LightMyRequestResponse> {
  const request: InjectOptions = {
    method,
    url,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    ...(options.body === undefined ? {} : { payload: options.body as InjectOptions['payload'] }),
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  };
  return t.app.inject(request);
}

export interface OutboxMessage {
  id: number;
  brand: string;
  to_address: string;
  subject: string;
  text_body: string;
}

/** Messages waiting in (or sent from) the outbox for an address, oldest first. */
export function outboxFor(db: Queryable, to: string): Promise<OutboxMessage[]> {
  return db.query<OutboxMessage>(
    'select id, brand, to_address, subject, text_body from mail_outbox where to_address = $1 order by id',
    [to],
  );
}

/** The http(s) link in a mail text. */
export function linkIn(text: string): URL {
  const match = /https?:\/\/\S+/.exec(text);
  if (!match) throw new Error(`No link in: ${text}`);
  return new URL(match[0]);
}

export interface Registered {
  body: SignUpBody;
  reply: SignUpReply & { userId: number; companyId: number; siteId: number };
  sticker: { id: number; signRef: string; prefixNo: string };
  /** The token of the confirmation link mailed at sign-up. */
  confirmToken: string;
}

/** Signs up a new operator with a new sticker, as the sign-up dialog does. */
export async function register(t: TestApp, overrides: Partial<SignUpBody> = {}): Promise<Registered> {
  const sticker = await addSticker(t.db);
  const body = signUpPayload(sticker, overrides);
  const res = await call(t, 'POST', '/api/users/add', { body });
  expect(res.statusCode).toBe(200);
  const reply = res.json();
  expect(reply).toMatchObject({ success: true });
  const [mail] = await outboxFor(t.db, String(body.email).trim().toLowerCase());
  const confirmToken = linkIn(mail?.text_body ?? '').searchParams.get('token') ?? '';
  return { body, reply, sticker, confirmToken };
}

/**
 * Signs up, confirms through the mailed link and signs in: a session token, and the device
 * cookie that sign-in gave the browser ("name=value", as a Cookie header sends it back).
 */
export async function signedIn(
  t: TestApp,
  overrides: Partial<SignUpBody> = {},
): Promise<Registered & { token: string; deviceCookie: string }> {
  const registered = await register(t, overrides);
  const confirmed = await call(t, 'PUT', `/api/users/${registered.reply.userId}`, {
    body: {
      confirmedAt: new Date().toISOString(),
      confirmToken: registered.confirmToken,
      password: registered.body.password,
    },
  });
  expect(confirmed.statusCode).toBe(200);
  const login = await call(t, 'POST', '/api/users/login', {
    body: { userName: registered.body.userName, password: registered.body.password },
  });
  expect(login.json()).toMatchObject({ status: 'success' });
  const cookie = [login.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('device_'));
  return { ...registered, token: login.json().token, deviceCookie: cookie?.split(';')[0] ?? '' };
}
