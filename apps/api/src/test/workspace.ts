import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { addSticker, linkIn, outboxFor, signedIn } from './accounts';
import type { TestApp } from './test-app';

// Helpers of the workspace tests: operators of two companies, and a plain user of the first.

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export function send(
  t: TestApp,
  method: Method,
  url: string,
  token?: string,
  body?: unknown,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

export const siteInput = (name: string) => ({
  name,
  address1: '2 Mill Lane',
  town: 'Leeds',
  postcode: 'LS2 7AA',
  county: 'West Yorkshire',
  keyInfo: 'Crime prevention. Recordings are overwritten every 30 days.',
  retentionDays: 30,
  whoSees: 'The site manager and the Police on request',
});

/** Invites `email` to the master's company and accepts as the invited person: a plain user's session. */
export async function invitedUser(t: TestApp, masterToken: string, email: string) {
  const invited = await send(t, 'POST', '/api/company/add', masterToken, { email });
  expect(invited.statusCode).toBe(200);
  const [message] = await outboxFor(t.db, email);
  const token = linkIn(message?.text_body ?? '').searchParams.get('token') ?? '';
  const userName = `plain${Date.now().toString(36).slice(-5)}`;
  const password = 'another long password';
  const accepted = await send(t, 'POST', '/api/company/invitations/accept', undefined, {
    token,
    userName,
    password,
  });
  expect(accepted.statusCode).toBe(200);
  const login = await send(t, 'POST', '/api/users/login', undefined, { userName, password });
  expect(login.json()).toMatchObject({ status: 'success' });
  const user = await t.db.one<{ id: number }>('select id from users where lower(user_name) = lower($1)', [
    userName,
  ]);
  return { token: login.json().token as string, userId: user.id, userName, password };
}

/** Two operators of two companies, with a plain user in the first. */
export async function twoCompanies(t: TestApp) {
  const a = await signedIn(t);
  const b = await signedIn(t);
  const plain = await invitedUser(t, a.token, `plain-${a.reply.companyId}@example.com`);
  const freeSticker = await addSticker(t.db);
  return { a, b, plain, freeSticker };
}

/** Rows of the tables a workspace call may change: a refused call must leave them as they were. */
export async function snapshot(t: TestApp) {
  const tables = [
    'sites',
    'stickers',
    'users',
    'companies',
    'contact_publications',
    'invitations',
    'user_tokens',
  ];
  const result: Record<string, unknown> = {};
  for (const table of tables) result[table] = await t.db.query(`select * from ${table} order by id`);
  return result;
}
