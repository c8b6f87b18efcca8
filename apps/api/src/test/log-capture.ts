import { Writable } from 'node:stream';

/**
 * The log lines an app or a worker writes, as parsed JSON, read as the operator reads the
 * server's log. `logger` is the app's logger option (createTestApp({ logger })).
 */
export function logCapture(level: 'info' | 'error' = 'info') {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line.trim()) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, logger: { level, stream } };
}
