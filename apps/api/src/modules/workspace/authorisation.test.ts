import { messages } from '@app/contract/messages';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { type Method, send, siteInput, snapshot, twoCompanies } from '../../test/workspace';

let t: TestApp;
afterEach(() => t?.close());

interface Ids {
  companyId: number;
  userId: number;
  siteId: number;
  stickerId: number;
  otherUserId: number;
}

interface RouteCase {
  method: Method;
  url: (ids: Ids) => string;
  body?: (ids: Ids) => unknown;
  /** Who may call it. */
  mode: 'user' | 'master';
  /** Whether the id in the path or body names something of one company. */
  owned: boolean;
}

const publication = {
  showPhone: true,
  showEmail: false,
  showAddress: false,
  showRelay: true,
  phone: '0113 496 0000',
};

const routes: RouteCase[] = [
  { method: 'GET', url: (i) => `/api/sites/company/${i.companyId}`, mode: 'user', owned: true },
  { method: 'GET', url: (i) => `/api/sites/user/${i.userId}`, mode: 'user', owned: true },
  { method: 'GET', url: (i) => `/api/sites/${i.siteId}`, mode: 'user', owned: true },
  {
    method: 'POST',
    url: () => '/api/sites/add',
    body: () => siteInput('Back door'),
    mode: 'user',
    owned: false,
  },
  {
    method: 'PUT',
    url: (i) => `/api/sites/${i.siteId}`,
    body: () => siteInput('Renamed'),
    mode: 'user',
    owned: true,
  },
  { method: 'GET', url: (i) => `/api/stickers/siteid/${i.siteId}`, mode: 'user', owned: true },
  { method: 'GET', url: (i) => `/api/stickers/${i.stickerId}`, mode: 'user', owned: true },
  {
    method: 'PUT',
    url: (i) => `/api/stickers/site/${i.stickerId}`,
    body: (i) => ({ action: 'move', siteId: i.siteId }),
    mode: 'user',
    owned: true,
  },
  { method: 'GET', url: (i) => `/api/users/company/${i.companyId}`, mode: 'master', owned: true },
  { method: 'GET', url: (i) => `/api/company/${i.companyId}`, mode: 'master', owned: true },
  {
    method: 'PUT',
    url: (i) => `/api/company/${i.companyId}`,
    body: () => ({ name: 'Hijacked Ltd' }),
    mode: 'master',
    owned: true,
  },
  {
    method: 'POST',
    url: () => '/api/company/add',
    body: () => ({ email: 'someone@example.com' }),
    mode: 'master',
    owned: false,
  },
  {
    method: 'PUT',
    url: (i) => `/api/company/users/${i.otherUserId}`,
    body: () => ({ masterUser: 1 }),
    mode: 'master',
    owned: true,
  },
  { method: 'DELETE', url: (i) => `/api/company/users/${i.otherUserId}`, mode: 'master', owned: true },
  { method: 'GET', url: () => '/api/contact/publication', mode: 'master', owned: false },
  {
    method: 'PUT',
    url: () => '/api/contact/publication',
    body: (i) => ({ siteId: i.siteId, ...publication }),
    mode: 'master',
    owned: true,
  },
  { method: 'DELETE', url: (i) => `/api/contact/publication/site/${i.siteId}`, mode: 'master', owned: true },
  { method: 'GET', url: () => '/api/account', mode: 'user', owned: false },
  { method: 'GET', url: () => '/api/account/export', mode: 'user', owned: false },
];

describe('every workspace route is authorised by the token’s user and company', () => {
  it('401 without a session, 404 for another company’s ids, 403 for plain users on master-only routes; nothing changes', async () => {
    t = await createTestApp();
    const { a, b, plain } = await twoCompanies(t);
    const ids: Ids = {
      companyId: a.reply.companyId,
      userId: a.reply.userId,
      siteId: a.reply.siteId,
      stickerId: a.sticker.id,
      otherUserId: plain.userId,
    };
    const before = await snapshot(t);
    for (const route of routes) {
      const url = route.url(ids);
      const body = route.body?.(ids);
      const label = `${route.method} ${url}`;

      const anonymous = await send(t, route.method, url, undefined, body);
      expect(anonymous.statusCode, label).toBe(401);
      expect(anonymous.json(), label).toEqual({ message: messages.server.unauthorised });

      if (route.owned) {
        const other = await send(t, route.method, url, b.token, body);
        expect(other.statusCode, `${label} as another company`).toBe(404);
      }
      if (route.mode === 'master') {
        const refused = await send(t, route.method, url, plain.token, body);
        expect(refused.statusCode, `${label} as a plain user`).toBe(403);
        expect(refused.json()).toEqual({ message: messages.server.forbidden });
      }
    }
    expect(await snapshot(t)).toEqual(before);
  });

  it('a sticker cannot be added to, or moved onto, another company’s site', async () => {
    t = await createTestApp();
    const { a, b, freeSticker } = await twoCompanies(t);
    const before = await snapshot(t);
    const add = await send(t, 'POST', '/api/stickers/site/signRef', b.token, {
      siteId: a.reply.siteId,
      signRef: freeSticker.signRef,
      prefixNo: freeSticker.prefixNo,
    });
    expect(add.statusCode).toBe(404);
    const move = await send(t, 'PUT', `/api/stickers/site/${b.sticker.id}`, b.token, {
      action: 'move',
      siteId: a.reply.siteId,
    });
    expect(move.statusCode).toBe(404);
    const retire = await send(t, 'PUT', `/api/stickers/site/${a.sticker.id}`, b.token, { action: 'retire' });
    expect(retire.statusCode).toBe(404);
    expect(await snapshot(t)).toEqual(before);
  });

  it('plain users manage sites and signs of their company', async () => {
    t = await createTestApp();
    const { a, plain } = await twoCompanies(t);
    const added = await send(t, 'POST', '/api/sites/add', plain.token, siteInput('Loading bay'));
    expect(added.statusCode).toBe(200);
    const list = await send(t, 'GET', `/api/sites/company/${a.reply.companyId}`, plain.token);
    expect(list.json().map((s: { name: string }) => s.name)).toEqual(['Loading bay', a.body.siteName]);
  });
});
