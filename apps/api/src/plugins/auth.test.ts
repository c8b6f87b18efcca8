import { messages } from '@app/contract/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { signResetToken, signSessionToken } from '../modules/auth/tokens';
import { issueUserToken } from '../modules/auth/user-tokens';
import { call, signedIn } from '../test/accounts';
import { createTestApp, type TestApp } from '../test/test-app';
import { type AuthRule, sessionUser } from './auth';

let t: TestApp;
afterEach(() => t?.close());

/** One route per rule, answering who the caller is. */
const probeRoutes: FastifyPluginAsyncZod = async (app) => {
  const rules: Record<string, AuthRule> = {
    public: 'public',
    optional: 'optional',
    user: 'user',
    master: 'master',
    reset: 'reset',
    'user-or-reset': ['user', 'reset'],
  };
  for (const [name, auth] of Object.entries(rules)) {
    app.post(
      `/api/test/auth/${name}`,
      { config: { auth }, schema: { body: z.object({ n: z.number().optional() }) } },
      async (request) => ({ kind: request.auth?.kind ?? null, userId: request.auth?.user.id ?? null }),
    );
  }
  app.get('/api/test/auth/undeclared', async (request) => ({ kind: request.auth?.kind ?? null }));
  app.get('/api/test/auth/session-user', { config: { auth: 'user' } }, async (request) => ({
    userName: sessionUser(request).userName,
  }));
};

async function setUp() {
  t = await createTestApp();
  await t.app.register(probeRoutes);
  const master = await signedIn(t);
  const colleague = await t.db.one<{ id: number }>(
    `insert into users (company_id, user_name, email, password_hash, master_user, confirmed_at)
     values ($1, 'colleague', 'colleague@example.com', 'x', 0, now()) returning id`,
    [master.reply.companyId],
  );
  const colleagueToken = await signSessionToken(t.env.jwtSecret, {
    id: colleague.id,
    userName: 'colleague',
    sessionVersion: 1,
  });
  const jti = await issueUserToken(t.db, master.reply.userId, 'reset', 3600);
  const resetToken = await signResetToken(
    t.env.jwtSecret,
    { id: master.reply.userId, userName: String(master.body.userName), passwordVersion: 1 },
    jti,
    Math.floor(Date.now() / 1000) + 3600,
  );
  return { master, colleague, colleagueToken, resetToken };
}

const probe = (name: string, token?: string, body: unknown = {}) =>
  call(t, 'POST', `/api/test/auth/${name}`, { body, ...(token ? { token } : {}) });

describe('route authorisation (config.auth)', () => {
  it('public and undeclared routes do not read the Authorization header at all', async () => {
    const { master } = await setUp();
    for (const token of [undefined, 'garbage', master.token]) {
      expect((await probe('public', token)).json()).toEqual({ kind: null, userId: null });
    }
    const undeclared = await call(t, 'GET', '/api/test/auth/undeclared', { token: master.token });
    expect(undeclared.json()).toEqual({ kind: null });
  });

  it('optional: a valid session is known, anything else is ignored', async () => {
    const { master, resetToken } = await setUp();
    expect((await probe('optional', master.token)).json()).toEqual({
      kind: 'session',
      userId: master.reply.userId,
    });
    for (const token of [undefined, 'garbage', resetToken]) {
      const res = await probe('optional', token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ kind: null, userId: null });
    }
  });

  it('user: any confirmed user with a session, else 401 before the body is even read', async () => {
    const { master, colleague, colleagueToken, resetToken } = await setUp();
    expect((await probe('user', master.token)).json()).toEqual({
      kind: 'session',
      userId: master.reply.userId,
    });
    expect((await probe('user', colleagueToken)).json()).toEqual({ kind: 'session', userId: colleague.id });
    // A bare token, without "Bearer", is accepted too.
    const bare = await call(t, 'POST', '/api/test/auth/user', {
      body: {},
      headers: { authorization: master.token },
    });
    expect(bare.statusCode).toBe(200);
    for (const token of [undefined, 'garbage', resetToken]) {
      const res = await probe('user', token, { n: 'not a number' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: messages.server.unauthorised });
    }
    const named = await call(t, 'GET', '/api/test/auth/session-user', { token: colleagueToken });
    expect(named.json()).toEqual({ userName: 'colleague' });
  });

  it('a session of an account that is not confirmed is refused', async () => {
    const { colleague, colleagueToken } = await setUp();
    await t.db.query('update users set confirmed_at = null where id = $1', [colleague.id]);
    expect((await probe('user', colleagueToken)).statusCode).toBe(401);
  });

  it('master: the master user only; other users 403, nobody 401', async () => {
    const { master, colleagueToken } = await setUp();
    expect((await probe('master', master.token)).statusCode).toBe(200);
    const colleague = await probe('master', colleagueToken);
    expect(colleague.statusCode).toBe(403);
    expect(colleague.json()).toEqual({ message: messages.server.forbidden });
    expect((await probe('master')).statusCode).toBe(401);
  });

  it('reset: only a live reset token; a list accepts either kind', async () => {
    const { master, resetToken } = await setUp();
    expect((await probe('reset', resetToken)).json()).toEqual({ kind: 'reset', userId: master.reply.userId });
    const session = await probe('reset', master.token);
    expect(session.statusCode).toBe(401);
    expect(session.json()).toEqual({ message: messages.server.resetLinkInvalid });
    expect((await probe('user-or-reset', resetToken)).json()).toMatchObject({ kind: 'reset' });
    expect((await probe('user-or-reset', master.token)).json()).toMatchObject({ kind: 'session' });

    await t.db.query('update user_tokens set used_at = now()');
    expect((await probe('reset', resetToken)).statusCode).toBe(401);
  });
});
