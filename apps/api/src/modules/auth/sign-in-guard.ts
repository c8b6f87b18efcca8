import { messages } from '@app/contract/messages';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { HttpError } from '../../lib/http-error';
import { guessLimits } from '../../limits';
import { bodyField, failureLimit } from '../../plugins/rate-limit';
import {
  accountKey,
  cookieValue,
  deviceCookie,
  deviceCookieName,
  readDeviceToken,
  signDeviceToken,
} from './device-tokens';
import { claimTry, clearTries, type TryRule, waitBeforeTry } from './repository';

const MINUTE = 60_000;

/**
 * Sign-in's guessing bound per account (docs/decisions/0046), beside the limits per address
 * (docs/decisions/0010):
 * - browsers that have not signed in to the account, from any address, share `unknownBrowsers`:
 *   10 tries at once, then each further one waits, 1 second doubling to at most 15 minutes;
 * - a browser that has, by its device token, is heard apart, until the token itself has had
 *   `deviceToken`'s 5 tries without a success: then it waits 15 minutes as an unknown browser.
 */
export const signInRules = {
  unknownBrowsers: { freeTries: 10, firstWaitMs: 1000, maxWaitMs: 15 * MINUTE, forgetMs: 24 * 60 * MINUTE },
  deviceToken: { freeTries: 5, firstWaitMs: 15 * MINUTE, maxWaitMs: 15 * MINUTE, forgetMs: 15 * MINUTE },
} satisfies Record<string, TryRule>;

/** What `check` decided for a request, for `settle`. */
interface Admitted {
  account: string;
  /** The key whose try this was: the account's (an unknown browser) or the device token's. */
  key: string;
  knownBrowser: boolean;
}

/** Retry-After, and the message that says the same wait and the way round it. */
function refuse(request: FastifyRequest, reply: FastifyReply, waitMs: number): never {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  request.log.warn({ limit: 'sign-in-guard', scope: 'account' }, 'Sign-in from unknown browsers waits');
  reply.header('retry-after', String(seconds));
  throw new HttpError(429, messages.server.signInWait(seconds));
}

/**
 * The guard of POST /api/users/login: `check` (a preHandler) admits the try or answers 429;
 * after the password is checked, `settle` counts the outcome and, on a success, gives the
 * browser a new device token. With RATE_LIMITS=off it admits everything and counts nothing,
 * but still gives device tokens.
 */
export function signInGuard() {
  const addressGuesses = failureLimit(guessLimits.login);
  const admitted = new WeakMap<FastifyRequest, Admitted>();
  const accountOf = (request: FastifyRequest) => {
    const userName = bodyField('userName')(request);
    return userName ? accountKey(userName) : undefined;
  };

  const check: preHandlerAsyncHookHandler = async function (request, reply) {
    const account = accountOf(request);
    if (!account || request.server.env.rateLimits === 'off') return;
    const { db, env } = request.server;

    const cookie = cookieValue(request.headers.cookie, deviceCookieName(account));
    const device = await readDeviceToken(env.jwtSecret, cookie, account);
    const deviceKey = device && `device:${device.jti}`;
    if (deviceKey && (await claimTry(db, deviceKey, signInRules.deviceToken))) {
      admitted.set(request, { account, key: deviceKey, knownBrowser: true });
      return;
    }

    const key = `account:${account}`;
    // While the account's unknown browsers wait, a try is refused on a read alone.
    const wait = await waitBeforeTry(db, key);
    if (wait > 0) refuse(request, reply, wait);
    await addressGuesses.check.call(this, request, reply);
    // Another try took the free turn at the same moment: this one waits for the next.
    if (!(await claimTry(db, key, signInRules.unknownBrowsers))) {
      refuse(request, reply, Math.max(1000, await waitBeforeTry(db, key)));
    }
    admitted.set(request, { account, key, knownBrowser: false });
  };

  return {
    check,
    /**
     * After the password was checked: `right` (also for an account not confirmed yet) clears
     * the tries it counted; `wrong` leaves them counted. `user`, given for a session, gets this
     * browser a new device token.
     */
    async settle(
      request: FastifyRequest,
      reply: FastifyReply,
      outcome: 'right' | 'wrong',
      user?: { id: number; userName: string },
    ): Promise<void> {
      const state = admitted.get(request);
      if (state) {
        if (outcome === 'right') await clearTries(request.server.db, state.key);
        if (!state.knownBrowser) {
          if (outcome === 'right') await addressGuesses.succeeded(request);
          else await addressGuesses.failed(request);
        }
      }
      if (user) {
        const { env } = request.server;
        const token = await signDeviceToken(env.jwtSecret, user);
        reply.header('set-cookie', deviceCookie(user.userName, token, env.nodeEnv === 'production'));
      }
    },
  };
}
