import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

/** A visitor's page is addressed by its reference: R-7KX4-M2QD, or R-000123 given before. */
export const referenceParams = z.object({ reference: z.string().trim().min(1).max(20) });

/**
 * The secret of the visitor's private link, sent in a header so it never appears in a URL or a log
 * (its length bounded by the server's header limit, the spaces around it dropped by the HTTP parser).
 */
export function linkKey(request: FastifyRequest): string {
  const value = request.headers['x-request-key'];
  return typeof value === 'string' ? value : '';
}
