import { messages } from '@app/contract/messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthUser } from '../lib/auth-user';
import { HttpError } from '../lib/http-error';

/**
 * Who may call a route, declared on the route itself:
 *
 *   app.get('/api/sites/:id', { config: { auth: 'user' }, schema }, handler)
 *
 * - `public` (also when absent): anyone; the Authorization header is not even read.
 * - `optional`: anyone; a valid session fills `request.auth`, anything else is ignored.
 * - `user`: a valid session of a confirmed user, else 401.
 * - `master`: a valid session of a master user (masterUser 1), else 401, or 403 for other users.
 * - `reset`: a live password-reset token (single use, for the current password), else 401.
 * A list accepts any of its modes, e.g. `['user', 'reset']`.
 */
export type AuthMode = 'public' | 'optional' | 'user' | 'master' | 'reset';
export type AuthRule = AuthMode | readonly AuthMode[];

export type Authenticated =
  | { kind: 'session'; user: AuthUser }
  | { kind: 'reset'; user: AuthUser /** the token's jti */; jti: string };

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthRule;
  }
  interface FastifyRequest {
    /** Set by the auth hook for routes that are not `public`; null when nobody signed in. */
    auth: Authenticated | null;
  }
}

/** The token of an `Authorization: Bearer <token>` header (a bare token is accepted too). */
export function bearerToken(header: string | undefined): string | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  const match = /^bearer\s+(\S+)$/i.exec(value);
  if (match) return match[1];
  return /^\S+$/.test(value) ? value : undefined;
}

/**
 * Who holds a bearer token (or null for nobody), handed in by `app.ts` from `modules/users`: the
 * plugin reads the header and applies the route's rule, the module knows tokens and users.
 */
export type Authenticate = (token: string) => Promise<Authenticated | null>;

async function authenticate(request: FastifyRequest, byToken: Authenticate): Promise<Authenticated | null> {
  const token = bearerToken(request.headers.authorization);
  return token ? byToken(token) : null;
}

/** Fills `request.auth` for a route whose rule is not `public`, or refuses the request. */
async function checkAuth(request: FastifyRequest, rule: AuthRule, byToken: Authenticate): Promise<void> {
  const modes: readonly AuthMode[] = typeof rule === 'string' ? [rule] : rule;
  const found = await authenticate(request, byToken);
  const sessionOk = modes.includes('user') || modes.includes('master') || modes.includes('optional');
  if (found?.kind === 'session' && sessionOk) {
    if (modes.includes('master') && !modes.includes('user') && !modes.includes('optional')) {
      if (!found.user.masterUser) throw new HttpError(403, messages.server.forbidden);
    }
    request.auth = found;
    return;
  }
  if (found?.kind === 'reset' && modes.includes('reset')) {
    request.auth = found;
    return;
  }
  if (modes.includes('optional')) return;
  const resetOnly = modes.every((mode) => mode === 'reset');
  throw new HttpError(401, resetOnly ? messages.server.resetLinkInvalid : messages.server.unauthorised);
}

/**
 * Checks every route's `config.auth` before its body is even read (onRequest). A public route
 * (most requests: the look-ups, content and pages) passes straight on, with no promise to wait for.
 */
export function registerAuth(app: FastifyInstance, byToken: Authenticate): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', (request, _reply, done) => {
    const rule = request.routeOptions.config?.auth;
    if (rule === undefined || rule === 'public') return done();
    checkAuth(request, rule, byToken).then(() => done(), done);
  });
}

/** The signed-in user of a `user`/`master` route (the hook has made sure there is one). */
export function sessionUser(request: FastifyRequest): AuthUser {
  if (request.auth?.kind !== 'session') throw new HttpError(401, messages.server.unauthorised);
  return request.auth.user;
}

/** The credentials of a route that requires some (the hook has made sure there are). */
export function authOf(request: FastifyRequest): Authenticated {
  if (!request.auth) throw new HttpError(401, messages.server.unauthorised);
  return request.auth;
}
