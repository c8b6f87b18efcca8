import { type RequestIntakeBody, requestIntakeBody, requestIntakeReply } from '@app/contract/requests';
import { api } from '../../../lib/api-client';

/**
 * The request form's problems, the first of each field, checked by the API's own rules
 * (requestIntakeBody); undefined when there are none.
 */
export function requestProblems(body: RequestIntakeBody): Record<string, string> | undefined {
  const checked = requestIntakeBody.safeParse(body);
  if (checked.success) return undefined;
  const found: Record<string, string> = {};
  for (const issue of checked.error.issues) found[String(issue.path[0] ?? '')] ??= issue.message;
  return found;
}

/** POST /api/signs/{signRef}/contact: the visitor's request to the operator. */
export function sendRequest(signRef: string, body: RequestIntakeBody) {
  return api.post(`/api/signs/${encodeURIComponent(signRef)}/contact`, body, { schema: requestIntakeReply });
}
