import { messages } from '@app/contract/messages';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

// Helpers of the rate-limit tests: requests sent one after another, and a refusal read as the
// caller reads it.

/** Sends `times` requests one after another; their answers. */
export async function repeat(times: number, send: (i: number) => Promise<LightMyRequestResponse>) {
  const answers: LightMyRequestResponse[] = [];
  for (let i = 0; i < times; i++) answers.push(await send(i));
  return answers;
}

/** The statuses answered, each once, in the order first seen. */
export const statuses = (answers: LightMyRequestResponse[]) => [...new Set(answers.map((a) => a.statusCode))];

/** A 429 whose message states the wait that Retry-After gives, and that wait in seconds. */
export function refusedFor(res: LightMyRequestResponse): number {
  expect(res.statusCode).toBe(429);
  const seconds = Number(res.headers['retry-after']);
  expect(seconds).toBeGreaterThan(0);
  expect(res.json()).toEqual({ message: messages.server.rateLimitedFor(seconds) });
  return seconds;
}

/** A clock the test moves by hand (milliseconds, from `ms`), for the in-memory counts. */
export function handClock(ms = 0) {
  const clock = { ms, now: () => clock.ms };
  return clock;
}
