import { messages } from '@app/contract/messages';
import { ApiError } from '../../lib/api-client';

/** Refusals that tell the person what to do next (docs/decisions/0016). */
const actionable = new Set<string>([
  messages.server.stickerNotFound,
  messages.server.stickerTaken,
  messages.server.stickerTakenDuringSignUp,
  messages.server.userNameTaken,
  messages.server.emailTaken,
  messages.server.rateLimited,
  messages.signUp.signRefRequired,
  messages.signUp.prefixNoRequired,
  messages.signUp.termsRequired,
  messages.signUp.userNameTooShort,
  messages.signUp.passwordRequired,
  messages.signUp.emailsDoNotMatch,
  messages.reset.passwordTooShort,
  messages.server.passwordTooCommon,
]);

/** The shared schema's words for a field the server refused: they name the field and the rule. */
const fieldRules = [
  /^Please fill out the required field: [A-Za-z0-9 /]+$/,
  /^[A-Za-z0-9 ]+ must be at (most|least) \d+ characters( long)?\.$/,
  /^An? [a-z ]+ is at most \d+ characters\.$/,
  /^Please enter a valid email address\.$/,
  /^Username may use letters, digits and \. _ @ - only\.$/,
];

/**
 * What the sign-up dialog says when registering throws (SPEC.md section 8: 'Sign-up failed.
 * Please try again.'): the server's own words only for a 4xx refusal the person can act on; the
 * spec's sentence for a network failure, a 5xx, or a 4xx without a useful message.
 */
export function signUpFailureText(error: unknown): string {
  if (error instanceof ApiError && error.kind === 'http' && error.status !== null && error.status < 500) {
    const message = error.serverMessage?.trim();
    if (message && (actionable.has(message) || fieldRules.some((rule) => rule.test(message)))) return message;
  }
  return messages.signUp.failed;
}
