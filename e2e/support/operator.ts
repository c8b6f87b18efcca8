import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { expect } from '@playwright/test';
import { mainServer, type TestServer } from './env';
import { clientAddress } from './fixtures';
import { waitForMail } from './outbox';

/** Node's fetch does not resolve *.localhost: call the loopback address with the brand's Host. */
export async function api(
  method: string,
  path: string,
  body?: unknown,
  token?: string,
  server: TestServer = mainServer,
): Promise<Response> {
  const call = () =>
    fetch(`http://127.0.0.1:${server.port}${path}`, {
      method,
      headers: {
        host: `signs.localhost:${server.port}`,
        // A caller of its own each time: the per-address rate limits count people, not the test run.
        'x-forwarded-for': clientAddress(`${process.pid}/${Math.random()}`),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  try {
    return await call();
  } catch (error) {
    // A kept-alive connection the server closed just as the request went out ("other side
    // closed"): no answer came, so the request is sent once more on a new connection.
    if ((error as { cause?: { code?: string } }).cause?.code !== 'UND_ERR_SOCKET') throw error;
    return call();
  }
}

export interface Sticker {
  signRef: string;
  prefixNo: string;
}

/** New stickers from the sticker command, as the printer would get them. */
export function issueStickers(count: number, server: TestServer = mainServer): Sticker[] {
  const csv = execFileSync('npm', ['run', '--silent', 'stickers', '--', 'issue', '--count', String(count)], {
    env: { ...process.env, DATA_DIR: server.dataDir },
    encoding: 'utf8',
  });
  const stickers = csv
    .trim()
    .split('\n')
    .map((line) => line.split(','))
    .filter(([ref, prefix]) => ref && prefix && /\d/.test(prefix))
    .map(([signRef = '', prefixNo = '']) => ({ signRef, prefixNo }));
  expect(stickers).toHaveLength(count);
  return stickers;
}

export async function login(
  userName: string,
  password: string,
  server: TestServer = mainServer,
): Promise<string> {
  const res = await api('POST', '/api/users/login', { userName, password }, undefined, server);
  expect(res.status).toBe(200);
  const { token } = (await res.json()) as { token: string };
  return token;
}

/** The sign-up fields an operator types; a spec may change any of them. */
export interface OperatorDetails {
  companyName: string;
  title: string;
  firstname: string;
  surname: string;
  address1: string;
  town: string;
  postcode: string;
  county: string;
  tel: string;
  siteName: string;
  keyInfo: string;
  /** Days the recorder keeps footage; left out (the spec's payload), the site's is not stated. */
  retentionDays?: number;
}

const defaultDetails: OperatorDetails = {
  companyName: 'Riverside Lettings Ltd',
  title: 'Mr',
  firstname: 'Sam',
  surname: 'Reed',
  address1: '4 Quay Street',
  town: 'Bristol',
  postcode: 'BS1 4DB',
  county: 'Bristol (England)',
  tel: '0117 496 0000',
  siteName: 'Quay Street flats',
  keyInfo: 'For the safety of residents. Recordings are overwritten every 30 days.',
};

export interface Operator extends Sticker {
  userId: number;
  email: string;
  userName: string;
  password: string;
  token: string;
}

let registered = 0;

/** A confirmed, signed-in operator through the real sign-up: the mailed link confirms the account. */
export async function registerOperator(
  sticker?: Sticker,
  details: Partial<OperatorDetails> = {},
  server: TestServer = mainServer,
): Promise<Operator> {
  const { signRef, prefixNo } = sticker ?? (issueStickers(1, server)[0] as Sticker);
  registered += 1;
  const suffix = `${Date.now().toString(36)}${process.pid.toString(36)}${registered}`;
  const email = `op-${suffix}@example.com`;
  const userName = `op${suffix}`.slice(0, 20);
  const password = 'correct horse battery';
  const signUp = await api(
    'POST',
    '/api/users/add',
    {
      ...defaultDetails,
      ...details,
      address2: '',
      address3: '',
      email,
      userName,
      password,
      signRef,
      prefixNo,
      masterUser: 1,
    },
    undefined,
    server,
  );
  expect(signUp.status).toBe(200);
  const { userId } = (await signUp.json()) as { userId: number };
  const mail = await waitForMail(
    { to: email, subject: 'Confirm' },
    { dir: resolve(server.dataDir, 'outbox') },
  );
  const link = new URL(mail.links[0] ?? '');
  const confirmed = await api(
    'PUT',
    `/api/users/${userId}`,
    { confirmedAt: new Date().toISOString(), confirmToken: link.searchParams.get('token'), password },
    undefined,
    server,
  );
  expect(confirmed.status).toBe(200);
  return {
    signRef,
    prefixNo,
    userId,
    email,
    userName,
    password,
    token: await login(userName, password, server),
  };
}

/** The desk's id of a request, found as its operator finds it: in their desk's list (references are random). */
export async function requestIdOnDesk(
  operator: Operator,
  reference: string,
  server: TestServer = mainServer,
): Promise<number> {
  for (const filter of ['open', 'closed'] as const) {
    const res = await api('GET', `/api/requests?filter=${filter}`, undefined, operator.token, server);
    expect(res.status).toBe(200);
    const { requests } = (await res.json()) as { requests: { id: number; reference: string }[] };
    const found = requests.find((r) => r.reference === reference);
    if (found) return found.id;
  }
  throw new Error(`${reference} is not on the desk of ${operator.userName}`);
}
