// The floor of bench:api: a bare node:http server answering a fixed JSON, in a process of its own.
// Usage: node bench/support/bare-server.mjs PORT (tells its parent 'ready' over IPC once listening).
import http from 'node:http';

const port = Number(process.argv[2]);
const body = JSON.stringify({ status: 'ok' });
http
  .createServer((_request, response) => {
    response.writeHead(200, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
    });
    response.end(body);
  })
  .listen(port, '127.0.0.1', () => process.send?.('ready'));
