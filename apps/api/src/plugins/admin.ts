import { createHash, timingSafeEqual } from 'node:crypto';
import { messages } from '@app/contract/messages';
import type { FastifyRequest } from 'fastify';
import { ADMIN_TOKEN_HEADER } from '../cli/server-info';
import { HttpError } from '../lib/http-error';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * The admin calls of the command-line tools (`/api/admin/*`): from this machine (the socket's
 * own address, never a forwarded one) with the secret of DATA_DIR/admin-token.
 */
export function checkAdmin(request: FastifyRequest, adminToken: string): void {
  if (!LOOPBACK.has(request.socket.remoteAddress ?? '')) {
    throw new HttpError(403, messages.server.adminLoopbackOnly);
  }
  const given = request.headers[ADMIN_TOKEN_HEADER];
  if (typeof given !== 'string' || !timingSafeEqual(digest(given), digest(adminToken))) {
    throw new HttpError(401, messages.server.adminTokenInvalid);
  }
}
