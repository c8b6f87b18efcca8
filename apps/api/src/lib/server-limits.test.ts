import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { KEEP_ALIVE_TIMEOUT_MS, MAX_CONNECTIONS, MAX_REQUESTS_PER_SOCKET } from './server-limits';

let t: TestApp;
afterEach(() => t?.close());

interface SlowClient {
  /** Everything the server sent. */
  received: () => string;
  /** Milliseconds from the first byte sent until the server closed the connection. */
  closed: Promise<number>;
  stop: () => void;
}

/** A raw connection to the server that sends `head`, then one byte of `trickle` every `everyMs`. */
function slowClient(port: number, head: string, trickle: string, everyMs: number): SlowClient {
  const socket = net.connect(port, '127.0.0.1');
  let text = '';
  let timer: NodeJS.Timeout | undefined;
  const started = Date.now();
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    text += chunk;
  });
  socket.on('error', () => undefined);
  const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now() - started)));
  socket.on('connect', () => {
    socket.write(head);
    let sent = 0;
    timer = setInterval(() => {
      if (socket.destroyed || sent >= trickle.length) return clearInterval(timer);
      socket.write(trickle[sent] ?? '');
      sent += 1;
    }, everyMs);
  });
  closed.finally(() => clearInterval(timer));
  return { received: () => text, closed, stop: () => socket.destroy() };
}

async function listening(requestTimeoutMs: number): Promise<number> {
  t = await createTestApp({ env: { requestTimeoutMs } });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  if (address === null || typeof address === 'string') throw new Error('not listening on TCP');
  return address.port;
}

describe('no client can hold a connection open', () => {
  it('a body sent one byte at a time gets 408 and the connection closed within the request timeout', async () => {
    const port = await listening(1_000);
    const body = JSON.stringify({ email: 'slow@example.com' });
    const client = slowClient(
      port,
      `POST /api/users/forgot-password HTTP/1.1\r\nHost: signs.localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
      body,
      300,
    );
    const closedAfter = await client.closed;
    expect(client.received()).toMatch(/^HTTP\/1\.1 408 /);
    // The timeout, and at most one look of Node's timer (a quarter of it) and some slack.
    expect(closedAfter).toBeGreaterThanOrEqual(950);
    expect(closedAfter).toBeLessThan(2_500);
  });

  it('headers sent one byte at a time get 408 and the connection closed too', async () => {
    const port = await listening(1_000);
    const client = slowClient(
      port,
      'GET / HTTP/1.1\r\n',
      'Host: signs.localhost\r\nX-Slow: yes\r\n\r\n',
      300,
    );
    const closedAfter = await client.closed;
    expect(client.received()).toMatch(/^HTTP\/1\.1 408 /);
    expect(closedAfter).toBeLessThan(2_500);
  });

  it('REQUEST_TIMEOUT_MS is 30 s unless set, and the server caps keep-alive, requests per connection and connections', async () => {
    t = await createTestApp();
    const server = t.app.server;
    expect(t.env.requestTimeoutMs).toBe(30_000);
    expect(server.requestTimeout).toBe(30_000);
    expect(server.headersTimeout).toBe(10_000);
    expect(server.keepAliveTimeout).toBe(KEEP_ALIVE_TIMEOUT_MS);
    expect(KEEP_ALIVE_TIMEOUT_MS).toBe(65_000);
    expect(server.maxRequestsPerSocket).toBe(MAX_REQUESTS_PER_SOCKET);
    expect(MAX_REQUESTS_PER_SOCKET).toBe(1_000);
    expect(server.maxConnections).toBe(MAX_CONNECTIONS);
    expect(MAX_CONNECTIONS).toBe(4_096);
  });
});
