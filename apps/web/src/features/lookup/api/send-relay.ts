import { type RelayBody, relayBody, relayReply } from '@app/contract/lookup';
import { api } from '../../../lib/api-client';

/**
 * The relay form's problems, the first of each field, checked by the API's own rules (relayBody);
 * undefined when there are none.
 */
export function relayProblems(body: RelayBody): Record<string, string> | undefined {
  const checked = relayBody.safeParse(body);
  if (checked.success) return undefined;
  const found: Record<string, string> = {};
  for (const issue of checked.error.issues) found[String(issue.path[0] ?? '')] ??= issue.message;
  return found;
}

/** POST /api/signs/{signRef}/contact: the visitor's message to the operator. */
export function sendRelay(signRef: string, body: RelayBody) {
  return api.post(`/api/signs/${encodeURIComponent(signRef)}/contact`, body, { schema: relayReply });
}
