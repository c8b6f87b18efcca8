import http from 'node:http';
import { SMTPServer } from 'smtp-server';

// Helpers of the production tests: real HTTP connections to listening servers, and a real SMTP server.

export interface HttpAnswer {
  status: number;
  body: string;
  /** The body as JSON; undefined when it is not JSON. */
  json: unknown;
}

export interface HttpCall {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
  /** The client address the server sees (any of 127.0.0.0/8), e.g. to stay clear of per-address limits. */
  localAddress?: string;
  /** Called once the whole request has been written to the connection. */
  onSent?: () => void;
}

/** One request on a connection of its own (no keep-alive reuse), as a new visitor would make. */
export function httpCall(port: number, urlPath: string, options: HttpCall = {}): Promise<HttpAnswer> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: urlPath,
        method: options.method ?? (payload === undefined ? 'GET' : 'POST'),
        agent: false,
        ...(options.localAddress ? { localAddress: options.localAddress } : {}),
        headers: {
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...options.headers,
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () => {
          let json: unknown;
          try {
            json = JSON.parse(body);
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, body, json });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload, () => options.onSent?.());
  });
}

/** Resolves once `check` returns true, looking again every `everyMs`. */
export async function until(check: () => boolean | Promise<boolean>, everyMs = 50): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, everyMs));
}

export interface ReceivedMail {
  messageId: string;
  to: string[];
  raw: string;
  subject: string;
}

export interface TestSmtpServer {
  port: number;
  received: ReceivedMail[];
  /** Stops listening (the port becomes free again) and drops open connections. */
  close(): Promise<void>;
}

function header(raw: string, name: string): string {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const match = new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(unfolded);
  return match?.[1]?.trim() ?? '';
}

/** A real SMTP server (smtp-server) on loopback that keeps every message it accepts. */
export async function startSmtpServer(port = 0): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({
          messageId: header(raw, 'Message-ID'),
          subject: header(raw, 'Subject'),
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  if (address === null || typeof address === 'string') throw new Error('SMTP server has no port');
  return {
    port: address.port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
