import http from 'node:http';

export interface PlainAnswer {
  status: number;
  body: string;
}

/**
 * One GET to a server on loopback, on a connection of its own (no keep-alive reuse), as a new
 * visitor would make; `host` is the Host header (a brand's host picks its site).
 */
export function plainGet(port: number, urlPath: string, host = '127.0.0.1'): Promise<PlainAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      { host: '127.0.0.1', port, path: urlPath, agent: false, headers: { host } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
  });
}
