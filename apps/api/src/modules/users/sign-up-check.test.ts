import { messages } from '@app/contract/messages';
import { afterEach, describe, expect, it } from 'vitest';
import { addSticker, call, linkIn, outboxFor, register } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
afterEach(() => t?.close());

const check = (
  {
    signRef,
    prefixNo,
    userName,
    email,
  }: { signRef: string; prefixNo: string; userName?: string; email?: string },
  remoteAddress = '198.51.100.7',
) =>
  call(t, 'POST', '/api/users/sign-up-check', {
    body: { signRef, prefixNo, userName, email },
    remoteAddress,
  });

describe('POST /api/users/sign-up-check', () => {
  it('reports every name already in use at once, each on its field, and nothing for free ones', async () => {
    t = await createTestApp();
    const { body: taken } = await register(t, { userName: 'GraceH', email: 'grace@example.com' });
    const sticker = await addSticker(t.db);

    const both = await check({ ...sticker, userName: 'graceh', email: ' Grace@Example.com ' });
    expect(both.statusCode).toBe(200);
    expect(both.json()).toEqual({
      problems: [
        { field: 'userName', message: messages.server.userNameTaken },
        { field: 'email', message: messages.server.emailTaken },
      ],
    });

    const one = await check({ ...sticker, userName: taken.userName });
    expect(one.json()).toEqual({ problems: [{ field: 'userName', message: messages.server.userNameTaken }] });

    const free = await check({ ...sticker, userName: 'newperson', email: 'new@example.com' });
    expect(free.json()).toEqual({ problems: [] });
  });

  it('answers only with a free sticker and its prefix number, as the sign-up itself', async () => {
    t = await createTestApp();
    const { sticker: registered } = await register(t, { userName: 'GraceH' });
    const sticker = await addSticker(t.db);

    const wrongPrefix = await check({ signRef: sticker.signRef, prefixNo: 'NOT12345', userName: 'GraceH' });
    expect(wrongPrefix.statusCode).toBe(400);
    expect(wrongPrefix.json()).toEqual({ message: messages.server.stickerNotFound });

    const used = await check({
      signRef: registered.signRef,
      prefixNo: registered.prefixNo,
      userName: 'GraceH',
    });
    expect(used.statusCode).toBe(400);
    expect(used.json()).toEqual({ message: messages.server.stickerTaken });
  });

  it('limits each address to 30 checks in 15 minutes and each sticker to 20, whatever the address', async () => {
    t = await createTestApp();
    const sticker = await addSticker(t.db);
    for (let i = 0; i < 20; i += 1) {
      expect((await check({ ...sticker, userName: `name${i}` }, `203.0.113.${i + 1}`)).statusCode).toBe(200);
    }
    const perSticker = await check({ ...sticker, userName: 'name20' }, '203.0.113.99');
    expect(perSticker.statusCode).toBe(429);
    expect(perSticker.headers['retry-after']).toBeDefined();

    for (let i = 0; i < 30; i += 1) {
      const other = await addSticker(t.db);
      expect((await check({ ...other, userName: `name${i}` }, '198.51.100.50')).statusCode).toBe(200);
    }
    const another = await addSticker(t.db);
    const perAddress = await check({ ...another, userName: 'name30' }, '198.51.100.50');
    expect(perAddress.statusCode).toBe(429);
    expect((await check({ ...another, userName: 'name30' }, '198.51.100.51')).statusCode).toBe(200);
  });
});

describe('the confirmation mail', () => {
  it('greets the person by first name, not by user name', async () => {
    t = await createTestApp();
    const { body } = await register(t, { firstname: 'Grace', userName: 'ghopper77' });
    const [mail] = await outboxFor(t.db, String(body.email));
    expect(mail?.text_body).toMatch(/^Hello Grace, thank you for registering with /);
    expect(mail?.text_body).not.toContain('ghopper77');
    expect(linkIn(mail?.text_body ?? '').searchParams.get('userId')).toMatch(/^\d+$/);
  });
});
