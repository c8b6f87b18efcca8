import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Heard {
  headers: IncomingMessage['headers'];
  body: string;
}

/**
 * A CDN's purge endpoint on this machine, speaking each protocol as the CDN documents it: Fastly
 * takes `POST` with the keys in `Surrogate-Key` and the token in `Fastly-Key`; Cloudflare takes
 * JSON `{"tags": [...]}` with `Authorization: Bearer`. `answer` decides each reply.
 */
export async function fakeCdn(answer: (heard: Heard, n: number) => number | 'hang' = () => 200) {
  const heard: Heard[] = [];
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    req.on('end', () => {
      const one = { headers: req.headers, body };
      heard.push(one);
      const status = answer(one, heard.length);
      if (status === 'hang') return;
      res.writeHead(status, { 'content-type': 'application/json' }).end('{"status":"ok"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    heard,
    url: `http://127.0.0.1:${port}/purge`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
