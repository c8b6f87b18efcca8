#!/usr/bin/env node
// `npm run bench:api`: requests per second and latency of the API against a bare node:http
// server answering a fixed JSON, in the same run on the same machine, so the ratio says what
// the product costs over the floor.
//
// Scenarios (autocannon, BENCH_CONNECTIONS connections for BENCH_SECONDS seconds each, after a
// short warm-up):
//   bare      a node:http server in a process of its own, answering {"status":"ok"}
//   lookup    GET /api/stickers/search/DEMO-0001-SIGN on the signs host (the public sign lookup)
//   content   GET /api/dvrs on the DVR host (the content API, from the database)
//   login     POST /api/users/login with the demo user (argon2id verification on every call)
// The product server is `npm start`'s server on a fresh data directory with the demo content
// (NODE_ENV=development) and RATE_LIMITS=off, so the figures measure the handlers rather than
// 429 replies. Any non-2xx reply or connection error fails the run. The server uses the embedded
// database (one connection, so writes queue) unless BENCH_DATABASE_URL names a PostgreSQL
// database for it (it migrates and seeds the demo content there).
import { fork } from 'node:child_process';
import autocannon from 'autocannon';
import { startServer } from './support/server.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const barePort = Number(process.env.BENCH_BARE_PORT ?? 3391);
const apiPort = Number(process.env.BENCH_PORT ?? 3392);

function run(options) {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

async function startBare() {
  const child = fork(new URL('./support/bare-server.mjs', import.meta.url), [String(barePort)], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`the bare server exited with ${code}`)));
  });
  return child;
}

const api = `http://127.0.0.1:${apiPort}`;
const scenarios = [
  { name: 'bare node:http (fixed JSON)', url: `http://127.0.0.1:${barePort}/` },
  {
    name: 'lookup GET /api/stickers/search/{ref}',
    url: `${api}/api/stickers/search/DEMO-0001-SIGN`,
    headers: { host: `signs.localhost:${apiPort}` },
  },
  { name: 'content GET /api/dvrs', url: `${api}/api/dvrs`, headers: { host: `dvr.localhost:${apiPort}` } },
  {
    name: 'login POST /api/users/login',
    url: `${api}/api/users/login`,
    method: 'POST',
    headers: { host: `signs.localhost:${apiPort}`, 'content-type': 'application/json' },
    body: JSON.stringify({ userName: 'demo', password: 'demo-password' }),
  },
];

const bare = await startBare();
const server = await startServer({
  port: apiPort,
  dataDir: 'data/bench-api',
  env: {
    NODE_ENV: 'development',
    RATE_LIMITS: 'off',
    ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
  },
});
const rows = [];
let failed = false;
try {
  for (const scenario of scenarios) {
    const options = { ...scenario, connections, title: scenario.name };
    await run({ ...options, duration: 2 });
    const result = await run({ ...options, duration: seconds });
    const bad = result.non2xx + result.errors + result.timeouts;
    if (bad > 0) {
      failed = true;
      process.stderr.write(
        `${scenario.name}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts (${JSON.stringify(result.statusCodeStats)})\n`,
      );
    }
    rows.push({
      name: scenario.name,
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      bad,
    });
  }
} finally {
  await server.stop();
  bare.kill('SIGTERM');
}

const floor = rows[0]?.rps ?? 1;
const headers = ['', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx+errors', 'x bare req/s'];
const table = rows.map((r) => [
  r.name,
  r.rps.toFixed(0),
  r.p50.toFixed(1),
  r.p99.toFixed(1),
  String(r.bad),
  (r.rps / floor).toFixed(3),
]);
const widths = headers.map((h, i) => Math.max(h.length, ...table.map((cells) => cells[i].length)));
const line = (cells) =>
  cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
const database = process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'the embedded database (PGlite)';
process.stdout.write(
  `\nAPI throughput on ${database}, ${connections} connections, ${seconds} s each (autocannon)\n${line(headers)}\n`,
);
for (const cells of table) process.stdout.write(`${line(cells)}\n`);
if (failed) {
  process.stdout.write('\nSome replies were not 2xx: the figures above are not valid.\n');
  process.exit(1);
}
