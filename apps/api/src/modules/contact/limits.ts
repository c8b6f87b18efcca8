import type { RouteLimit } from '../../plugins/rate-limit';

const MINUTE = 60_000;

/**
 * Limits of the forms that send mail. Per client address before the body is read, so a flood
 * costs no uploads; per sender address once the fields are read, so the acknowledgement cannot
 * be used to fill a stranger's inbox.
 */
export const formLimits = {
  contact: {
    name: 'contact-form',
    perAddress: { max: 10, windowMs: 15 * MINUTE },
  },
  partnership: {
    name: 'partnership-form',
    perAddress: { max: 5, windowMs: 15 * MINUTE },
  },
} satisfies Record<string, RouteLimit>;

/** Messages one sender address may send in an hour, whatever the client address. */
export const perSenderLimit = { max: 5, windowMs: 60 * MINUTE };
