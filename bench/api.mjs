#!/usr/bin/env node
// `npm run bench:api`: requests per second, latency and memory of the API against two floors, in
// the same run on the same machine, so the ratios say what the product costs over them.
//
// Scenarios (autocannon, BENCH_CONNECTIONS connections for BENCH_SECONDS seconds each, after a
// short warm-up):
//   bare      a node:http server in a process of its own, answering {"status":"ok"}
//   floor     a minimal Fastify server in a process of its own running the same SQL as the sign
//             look-up against the same database (bench/support/floor-server.mjs)
//   lookup    GET /api/stickers/search/BENCH-nnnnn-SIGN on the signs host (the public sign look-up)
//             on the product at its default production settings (rate limits on, look-up cache
//             on), each request naming the next of BENCH_SIGNS registered signs in turn (the bench
//             adds them to the demo site), so no two requests at once ask for the same sign: once
//             with the look-up cache switched off (LOOKUP_CACHE_SECONDS=0, every look-up is read
//             from the database) and once with it on and warm. Each connection comes from
//             a loopback source address of its own (127.x.y.z) and is replaced by one from a fresh
//             address every SOURCE_REQUESTS requests, below the per-address limit, so no request
//             is refused (a 429 fails the run) and the rate limits still count every request.
//             The floor and the cache-off look-up are measured BENCH_ROUNDS times (default 3) in
//             turn; each round's ratio is against that round's floor, and the median is printed.
//   lookup    the demo sign's look-up (DEMO-0001-SIGN) on a development server with rate limits
//             off and warn-level logs (its cache warm): the handler's own cost, without the
//             production defaults'
//   content   GET /api/dvrs on the DVR host (the content API, from the database)
//   login     POST /api/users/login with the demo user (argon2id verification on every call)
//   pages     the demo sign's server-drawn page against its JSON look-up, on one production server
//             in the same run, PAGE_CONNECTIONS (10) connections from rotating addresses: the
//             look-up (warm), the page drawn on every request (a server with LOOKUP_CACHE_SECONDS=0,
//             which keeps no drawn page either: a first render), the page again (kept in memory),
//             and a cache-busting flood (`?_=<n>`, a new value on every request). The look-up, the
//             kept page and the flood run in turn BENCH_ROUNDS times; printed as the median of each
//             round's ratio to that round's look-up (the drawn page: to the median look-up); goals (issue 33): first render 0.1x, repeat 0.8x, and the flood no
//             cheaper to send than the look-up (it is served as the repeat is, never drawn anew).
//             Every request of these says `Accept-Encoding: gzip, deflate, br`, as browsers do.
//             BENCH_ONLY=pages runs only these (after the development server seeds the demo sign).
// That look-up, content and login run on a development server (RATE_LIMITS=off, which also seeds the demo sign
// the other scenarios look up), so they measure the handlers rather than 429 replies. Any non-2xx reply or connection error fails
// the run. The servers use the embedded database (one connection, so writes queue) unless
// BENCH_DATABASE_URL names a PostgreSQL database for them (they migrate and seed the demo content
// there). On the embedded database the floor, and the bench adding its signs, open the product's
// data directory while no product server runs (one process at a time).
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { resolve } from 'node:path';
import autocannon from 'autocannon';
import { startServer } from './support/server.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const barePort = Number(process.env.BENCH_BARE_PORT ?? 3391);
const apiPort = Number(process.env.BENCH_PORT ?? 3392);
const floorPort = Number(process.env.BENCH_FLOOR_PORT ?? 3393);
const devPort = Number(process.env.BENCH_DEV_PORT ?? 3394);
const databaseUrl = process.env.BENCH_DATABASE_URL;
/**
 * The floor and the product's cold look-up are measured this many times, in turn, and each
 * round's ratio is read against that round's floor: on a shared machine two runs of one server
 * can differ by 20% or more, so one pair alone says little.
 */
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
/** Requests per source address: below the look-up's 60 a minute per address. */
const SOURCE_REQUESTS = 50;
/** Registered signs the look-ups go through in turn (BENCH-00001-SIGN upwards, on the demo site). */
const signs = Number(process.env.BENCH_SIGNS ?? 1000);
/** Connections of the page scenarios: the figures were taken with 10. */
const pageConnections = Number(process.env.PAGE_CONNECTIONS ?? 10);
const pagesOnly = process.env.BENCH_ONLY === 'pages';

// autocannon connects with net.connect(port, host); while `sourcing` is on, each new connection
// is bound to the next loopback address, so the server sees it as another visitor.
const connect = net.connect;
let sourcing = false;
let nextSource = 1 << 16; // 127.1.0.0 upwards: clear of 127.0.0.1
net.connect = (...args) => {
  if (!sourcing || typeof args[0] !== 'number') return connect.apply(net, args);
  do nextSource += 1;
  while ((nextSource & 255) === 0 || (nextSource & 255) === 255);
  const localAddress = `127.${(nextSource >> 16) & 255}.${(nextSource >> 8) & 255}.${nextSource & 255}`;
  return connect.call(net, { port: args[0], host: args[1], localAddress });
};

function run(options) {
  return new Promise((done, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : done(result)));
  });
}

/** Resident memory of a process in MB (Linux /proc), or NaN where it cannot be read. */
function rssMb(pid) {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/** The process that serves: the deepest descendant of `pid` (npm start's launcher spawns the server). */
function servingPid(pid) {
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean);
    return children.length ? servingPid(Number(children[0])) : pid;
  } catch {
    return pid;
  }
}

async function startChild(script, port, env = {}) {
  const child = fork(new URL(script, import.meta.url), [String(port)], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, ...env },
  });
  await new Promise((done, reject) => {
    child.once('message', done);
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
  const exited = new Promise((done) => child.once('exit', done));
  const stop = () => {
    child.kill('SIGTERM');
    return exited;
  };
  return { pid: child.pid, stop };
}

const rows = [];
let failed = false;
const settle = () => new Promise((done) => setTimeout(done, 1000));

/** Runs one scenario: a warm-up, then the measured run while sampling the serving process's memory. */
async function measure(scenario, pid, { sources = false, round } = {}) {
  const { name: _name, ...request } = scenario;
  const options = {
    connections,
    ...request,
    title: scenario.name,
    ...(sources ? { reconnectRate: request.reconnectRate ?? SOURCE_REQUESTS } : {}),
  };
  sourcing = sources;
  const idle = rssMb(pid);
  let loaded = idle;
  try {
    await run({ ...options, duration: 2 });
    const sampler = setInterval(() => {
      loaded = Math.max(loaded, rssMb(pid));
    }, 200);
    const result = await run({ ...options, duration: seconds }).finally(() => clearInterval(sampler));
    const bad = result.non2xx + result.errors + result.timeouts;
    if (bad > 0) {
      failed = true;
      process.stderr.write(
        `${scenario.name}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts (${JSON.stringify(result.statusCodeStats)})\n`,
      );
    }
    rows.push({
      name: scenario.name,
      round,
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      bad,
      idle,
      loaded,
    });
  } finally {
    sourcing = false;
  }
}

const demoLookupPath = '/api/stickers/search/DEMO-0001-SIGN';
const benchRef = (n) => `BENCH-${String(n).padStart(5, '0')}-SIGN`;
/** The look-up of the next bench sign, each request naming the one after the last (shared by all connections). */
function signLookups() {
  let next = 0;
  return [
    {
      setupRequest: (request) => {
        next = (next % signs) + 1;
        return { ...request, path: `/api/stickers/search/${benchRef(next)}` };
      },
    },
  ];
}
const dataDir = 'data/bench-api';
// Production on a shared PostgreSQL needs a signing key every instance shares.
const databaseEnv = databaseUrl
  ? { DATABASE_URL: databaseUrl, JWT_SECRET: 'bench-api-only-signing-key-of-32-or-more' }
  : {};

if (!pagesOnly) {
  const bare = await startChild('./support/bare-server.mjs', barePort);
  try {
    await settle();
    await measure({ name: 'bare node:http (fixed JSON)', url: `http://127.0.0.1:${barePort}/` }, bare.pid);
  } finally {
    await bare.stop();
  }
}

/** BENCH_ONLY=pages: the development server only seeds the demo sign. */
class SkipDevScenarios extends Error {}

// The demo sign is seeded in development only: a development server seeds the database, answers
// the content and login scenarios, and the production servers and the floor read what it left.
const dev = await startServer({
  port: devPort,
  dataDir,
  env: { NODE_ENV: 'development', RATE_LIMITS: 'off', LOG_LEVEL: 'warn', ...databaseEnv },
});
try {
  const pid = servingPid(dev.pid);
  await settle();
  if (pagesOnly) throw new SkipDevScenarios();
  const lookup = { url: `${dev.base}${demoLookupPath}`, headers: { host: `signs.localhost:${devPort}` } };
  await measure({ name: 'lookup (dev, limits off, warn logs)', ...lookup }, pid);
  const content = { url: `${dev.base}/api/dvrs`, headers: { host: `dvr.localhost:${devPort}` } };
  await measure({ name: 'content GET /api/dvrs (dev, limits off)', ...content }, pid);
  await measure(
    {
      name: 'login POST /api/users/login (dev, limits off)',
      url: `${dev.base}/api/users/login`,
      method: 'POST',
      headers: { host: `signs.localhost:${devPort}`, 'content-type': 'application/json' },
      body: JSON.stringify({ userName: 'demo', password: 'demo-password' }),
    },
    pid,
  );
} catch (error) {
  if (!(error instanceof SkipDevScenarios)) throw error;
} finally {
  await dev.stop();
}

/**
 * Adds the bench's signs, registered on the demo sign's site, to the database the development
 * server left (again on a kept PostgreSQL database: the ones there stay).
 */
async function addBenchSigns() {
  const sql = `insert into stickers (sign_ref, sign_ref_key, prefix_no, site_id, company_id, start_date)
    select 'BENCH-' || lpad(n::text, 5, '0') || '-SIGN', 'BENCH' || lpad(n::text, 5, '0') || 'SIGN', '1',
           demo.site_id, demo.company_id, demo.start_date
      from generate_series(1, ${signs}) n
      cross join (select site_id, company_id, start_date from stickers where sign_ref = 'DEMO-0001-SIGN') demo
    on conflict do nothing`;
  if (databaseUrl) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
    return;
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const pglite = await PGlite.create({ dataDir: resolve(dataDir, 'pgdata'), extensions: { pg_trgm } });
  try {
    await pglite.query(sql);
  } finally {
    await pglite.close();
  }
}
await addBenchSigns();

/** The product at its default production settings, with `env` on top. */
async function productLookup(name, env, round) {
  const server = await startServer({
    port: apiPort,
    dataDir,
    env: { ...databaseEnv, ...env },
    keepData: true,
    quiet: true,
  });
  try {
    const lookup = {
      url: server.base,
      headers: { host: `signs.localhost:${apiPort}` },
      requests: signLookups(),
    };
    await settle();
    await measure({ name, ...lookup }, servingPid(server.pid), { sources: true, round });
  } finally {
    await server.stop();
  }
}

async function floorLookup(round) {
  const env = databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: resolve(dataDir, 'pgdata') };
  const floor = await startChild('./support/floor-server.mjs', floorPort, env);
  try {
    await settle();
    const url = `http://127.0.0.1:${floorPort}`;
    await measure({ name: 'floor: Fastify + the look-up SQL', url, requests: signLookups() }, floor.pid, {
      sources: true,
      round,
    });
  } finally {
    await floor.stop();
  }
}

if (!pagesOnly) {
  for (let round = 1; round <= rounds; round += 1) {
    await floorLookup(round);
    await productLookup('lookup, production defaults, cache off', { LOOKUP_CACHE_SECONDS: '0' }, round);
  }
  await productLookup('lookup, production defaults, cache warm', {});
}

const PAGE_LOOKUP = 'pages: look-up JSON of the demo sign (warm)';
const PAGE_FIRST = 'pages: sign page drawn on every request (first render)';
const PAGE_REPEAT = 'pages: sign page again (kept)';
const PAGE_BUSTED = 'pages: sign page with a cache-busting query';

/** The demo sign's page and look-up on production servers, from rotating addresses. */
async function pageScenarios() {
  const demoPage = '/sign/DEMO-0001-SIGN';
  const on = async (env, scenarios, turns = 1) => {
    const server = await startServer({
      port: apiPort,
      dataDir,
      env: { ...databaseEnv, ...env },
      keepData: true,
      quiet: true,
    });
    try {
      await settle();
      for (let round = 1; round <= turns; round += 1) {
        for (const scenario of scenarios) {
          await measure(
            {
              connections: pageConnections,
              // As a phone's browser asks (and a CDN in front of it): compressed answers welcome.
              headers: { host: `signs.localhost:${apiPort}`, 'accept-encoding': 'gzip, deflate, br' },
              ...scenario(server.base),
            },
            servingPid(server.pid),
            { sources: true, round: turns > 1 ? round : undefined },
          );
        }
      }
    } finally {
      await server.stop();
    }
  };
  // The look-up and the kept page in turn, BENCH_ROUNDS times: each round's ratios are read against
  // that round's look-up (a shared machine's speed drifts between runs of 10 s).
  await on(
    {},
    [
      (base) => ({ name: PAGE_LOOKUP, url: `${base}${demoLookupPath}` }),
      (base) => ({ name: PAGE_REPEAT, url: `${base}${demoPage}` }),
      (base) => {
        let n = 0;
        return {
          name: PAGE_BUSTED,
          url: `${base}${demoPage}`,
          requests: [
            {
              setupRequest: (request) => {
                n += 1;
                return { ...request, path: `${demoPage}?_=${n}` };
              },
            },
          ],
        };
      },
    ],
    rounds,
  );
  // A drawing looks the sign up more than once (its rounds): fewer requests per address keep
  // the look-up's 60 per address clear.
  await on({ LOOKUP_CACHE_SECONDS: '0' }, [
    (base) => ({ name: PAGE_FIRST, url: `${base}${demoPage}`, reconnectRate: 10 }),
  ]);
}
await pageScenarios();

const bareRps = rows.find((r) => r.name.startsWith('bare'))?.rps ?? Number.NaN;
const isFloor = (r) => r.name.startsWith('floor');
/** The floor of a row's round (the last round's for rows measured once). */
const floorOf = (r) => rows.find((f) => isFloor(f) && f.round === (r.round ?? rounds))?.rps ?? Number.NaN;
const headers = [
  '',
  'req/s',
  'p50 ms',
  'p99 ms',
  'non-2xx+errors',
  'x bare',
  'x floor',
  'RSS idle MB',
  'RSS loaded MB',
];
const table = rows.map((r) => [
  r.round === undefined ? r.name : `${r.name} (round ${r.round})`,
  r.rps.toFixed(0),
  r.p50.toFixed(1),
  r.p99.toFixed(1),
  String(r.bad),
  (r.rps / bareRps).toFixed(3),
  (r.rps / floorOf(r)).toFixed(3),
  r.idle.toFixed(0),
  r.loaded.toFixed(0),
]);
const widths = headers.map((h, i) => Math.max(h.length, ...table.map((cells) => cells[i].length)));
const line = (cells) =>
  cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
const database = databaseUrl ? 'PostgreSQL' : 'the embedded database (PGlite)';
process.stdout.write(
  `\nAPI throughput on ${database}, ${connections} connections, ${seconds} s each (autocannon)\n${line(headers)}\n`,
);
for (const cells of table) process.stdout.write(`${line(cells)}\n`);
const coldRatios = rows
  .filter((r) => r.name.includes('cache off'))
  .map((r) => r.rps / floorOf(r))
  .sort((a, b) => a - b);
const median = coldRatios[Math.floor(coldRatios.length / 2)] ?? Number.NaN;
if (coldRatios.length > 0)
  process.stdout.write(
    `\nCold look-up as a ratio of its round's floor: ${coldRatios.map((x) => x.toFixed(3)).join(', ')}; median ${median.toFixed(3)} (goal 0.9)\n`,
  );
const medianOf = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const rowsOf = (name) => rows.filter((r) => r.name === name);
const lookupRps = medianOf(rowsOf(PAGE_LOOKUP).map((r) => r.rps));
/** The median over rounds of a page scenario's ratio to its round's look-up (the drawn page: to the median look-up). */
const ratio = (name) =>
  medianOf(
    rowsOf(name).map((r) => r.rps / (rowsOf(PAGE_LOOKUP).find((l) => l.round === r.round)?.rps ?? lookupRps)),
  ).toFixed(3);
process.stdout.write(
  `\nThe demo sign's page as a ratio of its JSON look-up (median of ${rounds} rounds; look-up ${lookupRps.toFixed(0)} req/s, ${pageConnections} connections, same run): ` +
    `first render ${ratio(PAGE_FIRST)} (goal 0.1), repeat ${ratio(PAGE_REPEAT)} (goal 0.8), ` +
    `cache-busting flood ${ratio(PAGE_BUSTED)} (served as the repeat: no render, no new entry)\n`,
);
if (failed) {
  process.stdout.write('\nSome replies were not 2xx: the figures above are not valid.\n');
  process.exit(1);
}
