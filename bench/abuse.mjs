#!/usr/bin/env node
// `npm run bench:abuse`: what hostile traffic does to a running server, against that same server
// idle, in one run on one machine. It starts the API (`apps/api/src/server.ts`, NODE_ENV
// development with the demo data, rate limits ON) on a fresh data directory, with the embedded
// database, or the PostgreSQL database BENCH_DATABASE_URL names (give it an empty one: the server
// migrates and seeds it). Then, one after another, bounded in count and time:
//
//   uploads  ten contact-form posts of 3 x 10 MB JPEG files at once, from ten loopback addresses
//            (within every limit), then the mail worker sending them out
//   nested   the nested-body flood: `[` x 4000 + `]` x 4000 (8 KB) to POST /api/users/login,
//            NESTED_TOTAL requests over 8 connections, each from its own loopback address
//   guesses  guessing at the demo account from 1,000 addresses of one IPv6 /64, then from 1,000
//            /64s (one address each, a botnet), given as X-Forwarded-For by a proxy at 127.0.0.1
//            (TRUST_PROXY), 8 connections: the tries heard; then the owner's sign-in from the
//            browser that signed in before the attack (its device cookie) and from a new one, timed
//            against the owner's sign-in before the attack (docs/decisions/0046)
//   logins   a login-guess flood: LOGIN_TOTAL wrong passwords for the demo user over 8
//            connections from 8 loopback addresses; afterwards the owner signs in from an address
//            that never failed, in a new browser
//   renders  a cache-busting flood of the demo sign's server-drawn page (`/sign/DEMO-0001-SIGN?v=n`,
//            every request a new query string) for RENDER_SECONDS over 8 connections, each moving to
//            a fresh loopback address every 20 requests; then the JSON look-up of the same sign the
//            same way: pages served per second against look-ups per second. Uses the real web build
//            (apps/web/dist, `npm run build`) when there is one; without it the phase says so.
//   slow     SLOW_SOCKETS connections that send a POST's headers and then one body byte every 5 s,
//            each from its own loopback address: how many the server answers 408 and closes, and
//            how many it still holds once REQUEST_TIMEOUT_MS (30 s) has passed
//
// While each runs, GET /api/health is timed every 50 ms and the server's resident memory (RSS,
// /proc/<pid>/status) is read every 100 ms. Each figure is printed against its baseline: the
// idle health latency and the idle RSS measured first. Client sockets are bound to 127.0.0.x
// local addresses (Linux answers on all of 127.0.0.0/8), so per-address limits see many clients.
// Nothing is asserted: the figures are for reading (and for the issue's before/after table).
import { spawn } from 'node:child_process';
import { randomFillSync } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.BENCH_PORT ?? 3393);
const NESTED_TOTAL = Number(process.env.BENCH_NESTED_TOTAL ?? 200);
const LOGIN_TOTAL = Number(process.env.BENCH_LOGIN_TOTAL ?? 300);
const GUESS_ADDRESSES = 1000;
const UPLOAD_POSTS = 10;
const FILES_PER_POST = 3;
const FILE_BYTES = 10 * 1024 * 1024;
const PHASE_LIMIT_MS = 180_000;
const RENDER_SECONDS = Number(process.env.BENCH_RENDER_SECONDS ?? 10);
const SLOW_SOCKETS = 200;
const REQUEST_TIMEOUT_MS = 30_000;
const realWeb = resolve(root, 'apps/web/dist');
const hasRealWeb = (() => {
  try {
    return statSync(join(realWeb, '.ssr', 'entry-server.js')).isFile();
  } catch {
    return false;
  }
})();
const dataDir = resolve(root, process.env.BENCH_DATA_DIR ?? 'data/bench-abuse');
const host = `signs.localhost:${port}`;

// ---- the server ----------------------------------------------------------------------------

function startApi() {
  rmSync(dataDir, { recursive: true, force: true });
  // A one-page web build: the bench is about the API, and must not wait for a Vite build.
  // The real web build when there is one (the render flood draws pages); else a one-page stand-in,
  // as the other phases are about the API and must not wait for a Vite build.
  let webDir = realWeb;
  if (!hasRealWeb) {
    webDir = join(dataDir, 'web');
    mkdirSync(webDir, { recursive: true });
    writeFileSync(
      join(webDir, 'index.html'),
      '<!doctype html><html lang="en-GB"><head><title>x</title><!--brand-head--></head><body></body></html>',
    );
  }
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/api/src/server.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: webDir,
      NODE_ENV: 'development',
      LOG_LEVEL: 'fatal',
      RATE_LIMITS: 'on',
      // The guessing phase's addresses come through a proxy on 127.0.0.1 as X-Forwarded-For.
      TRUST_PROXY: '127.0.0.1',
      ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return child;
}

async function waitReady(child) {
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const answer = await request({ path: '/api/ready' }).catch(() => undefined);
    if (answer?.status === 200) return;
    await sleep(250);
  }
  throw new Error('the server was not ready within 300 s');
}

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

/** One HTTP request from a chosen loopback address; the body is a Buffer or an array of Buffers. */
function request({ method = 'GET', path, headers = {}, body, from = '127.0.0.1', timeoutMs = 60_000 }) {
  return new Promise((done, fail) => {
    const started = performance.now();
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        localAddress: from,
        headers: { host, ...headers },
        agent: false,
      },
      (res) => {
        let size = 0;
        const chunks = [];
        res.on('data', (chunk) => {
          size += chunk.length;
          if (size < 4096) chunks.push(chunk);
        });
        res.on('end', () =>
          done({
            status: res.statusCode,
            ms: performance.now() - started,
            text: Buffer.concat(chunks).toString(),
            headers: res.headers,
          }),
        );
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(new Error('timeout')));
    req.on('error', (error) =>
      done({ status: `error ${error.code ?? error.message}`, ms: performance.now() - started }),
    );
    if (Array.isArray(body)) {
      (async () => {
        for (const part of body) {
          if (!req.write(part)) await new Promise((next) => req.once('drain', next));
        }
        req.end();
      })().catch(fail);
    } else req.end(body);
  });
}

// ---- what is measured ------------------------------------------------------------------------

function rssMb(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** Samples RSS every 100 ms and health latency every 50 ms until stopped. */
function monitor(pid) {
  const rss = [];
  const health = [];
  let running = true;
  const rssLoop = (async () => {
    while (running) {
      rss.push(rssMb(pid));
      await sleep(100);
    }
  })();
  const healthLoop = (async () => {
    while (running) {
      const answer = await request({ path: '/api/health', timeoutMs: 30_000 });
      health.push(answer.status === 200 ? answer.ms : Number.POSITIVE_INFINITY);
      await sleep(50);
    }
  })();
  return async () => {
    running = false;
    await Promise.all([rssLoop, healthLoop]);
    return { rss, health };
  };
}

const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : Number.NaN;
};
const ms = (value) => (Number.isFinite(value) ? `${value.toFixed(1)} ms` : 'no answer');
const mb = (value) => `${value.toFixed(0)} MB`;

function tally(answers) {
  const counts = {};
  for (const a of answers) counts[a.status] = (counts[a.status] ?? 0) + 1;
  return Object.entries(counts)
    .map(([status, n]) => `${n} x ${status}`)
    .join(', ');
}

/** Runs `count` requests over `connections` loops, loop i sending from 127.0.0.<firstHost + i>. */
async function flood(count, connections, firstHost, make) {
  const answers = [];
  let next = 0;
  const deadline = Date.now() + PHASE_LIMIT_MS;
  await Promise.all(
    Array.from({ length: connections }, async (_, i) => {
      while (next < count && Date.now() < deadline) {
        const n = next++;
        answers.push(await request({ ...make(n), from: `127.0.0.${firstHost + i}` }));
      }
    }),
  );
  return answers;
}

function dirBytes(dir) {
  let total = 0;
  let entries = [];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const entry of entries) {
    const file = join(dir, entry.name);
    total += entry.isDirectory() ? dirBytes(file) : statSync(file).size;
  }
  return total;
}

// ---- the floods ------------------------------------------------------------------------------

const nestedBody = Buffer.from(`${'['.repeat(4000)}${']'.repeat(4000)}`);

const boundary = '----bench-abuse-boundary';
// Random bytes, as a photograph's are: nothing along the way (jsonb, TOAST) can compress them away.
const jpeg = randomFillSync(Buffer.alloc(FILE_BYTES));
jpeg.set([0xff, 0xd8, 0xff, 0xe0], 0);

function uploadBody(n) {
  const data = {
    firstName: 'Bench',
    lastName: `Sender ${n}`,
    email: `bench.sender.${n}@example.net`,
    confirmEmail: `bench.sender.${n}@example.net`,
    companyName: 'Bench Ltd',
    subject: `Upload ${n}`,
    message: 'Three photographs of our sign.',
  };
  const parts = [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="data"\r\n\r\n${JSON.stringify(data)}\r\n`,
    ),
  ];
  for (let f = 1; f <= FILES_PER_POST; f++) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="uploadFile"; filename="photo-${f}.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      jpeg,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return parts;
}

/**
 * GETs `pathOf(n)` for `seconds` over 8 connections; connection i's k-th request comes from the
 * loopback address 127.<block>.<i>.<k / 20>, so no address makes more than 20 requests.
 */
async function rotatingFlood(seconds, block, pathOf) {
  const answers = [];
  let next = 0;
  const deadline = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: 8 }, async (_, i) => {
      let k = 0;
      while (Date.now() < deadline) {
        const n = next++;
        const from = `127.${block}.${i}.${1 + Math.floor(k / 20)}`;
        k += 1;
        answers.push(await request({ path: pathOf(n), from }));
      }
    }),
  );
  return answers;
}

/**
 * Opens `count` connections that send a POST's headers and then one byte of its body every 5 s.
 * Resolves after `watchMs` with how each ended: answered 408, closed without an answer, or held.
 */
function slowBodies(count, watchMs) {
  return Promise.all(
    Array.from({ length: count }, (_, i) => {
      return new Promise((done) => {
        const socket = net.connect({ host: '127.0.0.1', port, localAddress: `127.0.3.${1 + (i % 250)}` });
        let reply = '';
        let ended = false;
        let drip;
        const finish = (how) => {
          if (ended) return;
          ended = true;
          clearInterval(drip);
          socket.destroy();
          done(how);
        };
        socket.on('connect', () => {
          socket.write(
            `POST /api/users/login HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{`,
          );
          drip = setInterval(() => socket.write(' '), 5000);
        });
        socket.on('data', (chunk) => {
          reply += chunk.toString();
        });
        socket.on('error', () => finish(reply.startsWith('HTTP/1.1 408') ? '408' : 'closed'));
        socket.on('close', () => finish(reply.startsWith('HTTP/1.1 408') ? '408' : 'closed'));
        setTimeout(() => finish('held'), watchMs);
      });
    }),
  );
}

async function phase(name, pid, work) {
  const stop = monitor(pid);
  const started = performance.now();
  const detail = await work();
  const seconds = (performance.now() - started) / 1000;
  const { rss, health } = await stop();
  return { name, seconds, rss, health, detail };
}

// ---- the run ---------------------------------------------------------------------------------

const child = startApi();
let code = 0;
try {
  await waitReady(child);
  const pid = child.pid;
  // Let start-up work settle (the seed, the first mail run) before the baseline.
  await sleep(3000);
  const idle = await phase('idle (baseline)', pid, () => sleep(5000));
  const baseHealth = quantile(idle.health, 0.5);
  const baseHealthP95 = quantile(idle.health, 0.95);
  const baseRss = quantile(idle.rss, 0.5);
  const pgBefore = dirBytes(join(dataDir, 'pgdata'));

  const uploads = await phase('upload flood (10 x 3 x 10 MB)', pid, async () => {
    const answers = await Promise.all(
      Array.from({ length: UPLOAD_POSTS }, (_, n) =>
        request({
          method: 'POST',
          path: '/api/contact-us',
          headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
          body: uploadBody(n),
          from: `127.0.0.${20 + n}`,
          timeoutMs: PHASE_LIMIT_MS,
        }),
      ),
    );
    const accepted = answers.filter((a) => a.status === 200).length;
    // The mail worker sends the staff copies with their files: wait for it (bounded).
    const outbox = join(dataDir, 'outbox');
    const deadline = Date.now() + PHASE_LIMIT_MS;
    let delivered = 0;
    while (Date.now() < deadline) {
      try {
        delivered = readdirSync(outbox).filter((f) => f.endsWith('.eml') && f.length > 0).length;
      } catch {
        delivered = 0;
      }
      // A staff copy and an acknowledgement per accepted post (plus the demo's mail, if any).
      if (delivered >= accepted * 2) break;
      await sleep(250);
    }
    return `${answers.length} posts: ${tally(answers)}; ${delivered} messages in the outbox folder`;
  });

  const nested = await phase('nested-body flood', pid, async () => {
    const answers = await flood(NESTED_TOTAL, 8, 2, () => ({
      method: 'POST',
      path: '/api/users/login',
      headers: { 'content-type': 'application/json' },
      body: nestedBody,
    }));
    return `${answers.length} requests: ${tally(answers)}`;
  });

  // The owner signs in before the attack: that browser keeps the device cookie it is given, and
  // the time taken is the floor the owner's sign-ins during the attack are read against.
  const signIn = (password, headers = {}) =>
    request({
      method: 'POST',
      path: '/api/users/login',
      headers: { 'content-type': 'application/json', ...headers },
      body: Buffer.from(JSON.stringify({ userName: 'demo', password })),
    });
  const first = await signIn('demo-password');
  const deviceCookie = [first.headers?.['set-cookie'] ?? []]
    .flat()
    .find((cookie) => cookie.startsWith('device_'))
    ?.split(';')[0];
  // The first sign-in warms the password hashing up: the floor is that browser's second one.
  const before = await signIn('demo-password', deviceCookie ? { cookie: deviceCookie } : {});
  /** GUESS_ADDRESSES wrong passwords for the demo account, each from the address `address(n)`. */
  const guessFrom = async (address) => {
    const answers = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < GUESS_ADDRESSES) {
          const n = next++;
          answers.push(
            await request({
              method: 'POST',
              path: '/api/users/login',
              headers: { 'content-type': 'application/json', 'x-forwarded-for': address(n) },
              body: Buffer.from(JSON.stringify({ userName: 'demo', password: `guess-${address(n)}` })),
            }),
          );
        }
      }),
    );
    return answers;
  };
  const hex = (n) => n.toString(16);
  const guesses = await phase('guessing at one account from 1,000 addresses', pid, async () => {
    const oneNetwork = await guessFrom((n) => `2001:db8:33:1:${hex(n >> 16)}:${hex(n & 0xffff)}:0:1`);
    const manyNetworks = await guessFrom((n) => `2001:db8:${hex(100 + (n >> 16))}:${hex(n & 0xffff)}::1`);
    const known = await signIn('demo-password', deviceCookie ? { cookie: deviceCookie } : {});
    const fresh = await signIn('demo-password');
    const heard = (answers) => answers.filter((a) => a.status === 401).length;
    const floor = `its sign-in before the attack, ${ms(before.ms)}`;
    return [
      `1,000 addresses of one /64: ${heard(oneNetwork)} tries heard (${tally(oneNetwork)})`,
      `                  then 1,000 /64s: ${heard(manyNetworks)} tries heard (${tally(manyNetworks)})`,
      `                  the owner, browser known from before: ${known.status} in ${ms(known.ms)} (x${(known.ms / before.ms).toFixed(1)} of ${floor})`,
      `                  the owner, new browser: ${fresh.status}${fresh.status === 429 ? `, told to wait ${fresh.headers?.['retry-after']} s` : ''} in ${ms(fresh.ms)}`,
    ].join('\n');
  });

  const logins = await phase('login-guess flood', pid, async () => {
    const answers = await flood(LOGIN_TOTAL, 8, 40, (n) => ({
      method: 'POST',
      path: '/api/users/login',
      headers: { 'content-type': 'application/json' },
      body: Buffer.from(JSON.stringify({ userName: 'demo', password: `wrong-guess-${n}` })),
    }));
    const owner = await request({
      method: 'POST',
      path: '/api/users/login',
      headers: { 'content-type': 'application/json' },
      body: Buffer.from(JSON.stringify({ userName: 'demo', password: 'demo-password' })),
      from: '127.0.0.99',
    });
    return `${answers.length} guesses: ${tally(answers)}; then the owner from a fresh address, in a new browser: ${owner.status}`;
  });
  const renders = await phase('cache-busting render flood', pid, async () => {
    if (!hasRealWeb) return 'skipped: no web build at apps/web/dist (run `npm run build` first)';
    const pages = await rotatingFlood(RENDER_SECONDS, 2, (n) => `/sign/DEMO-0001-SIGN?v=${n}`);
    const lookups = await rotatingFlood(RENDER_SECONDS, 4, () => '/api/stickers/search/DEMO-0001-SIGN');
    const served = (answers) => answers.filter((a) => a.status === 200).length / RENDER_SECONDS;
    const pageRate = served(pages);
    const lookupRate = served(lookups);
    return [
      `pages ${pages.length} (${tally(pages)}): ${pageRate.toFixed(0)} served a second`,
      `                  look-ups ${lookups.length} (${tally(lookups)}): ${lookupRate.toFixed(0)} a second; pages x${(pageRate / lookupRate).toFixed(2)} of the look-up`,
    ].join('\n');
  });

  const slow = await phase(`${SLOW_SOCKETS} slow-body connections`, pid, async () => {
    const ends = await slowBodies(SLOW_SOCKETS, REQUEST_TIMEOUT_MS + 10_000);
    const count = (how) => ends.filter((e) => e === how).length;
    return `${count('408')} answered 408 and closed, ${count('closed')} closed without an answer, ${count('held')} still held ${REQUEST_TIMEOUT_MS / 1000 + 10} s after they opened`;
  });
  const pgAfter = dirBytes(join(dataDir, 'pgdata'));
  let outboxTable = '';
  if (process.env.BENCH_DATABASE_URL) {
    const client = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL });
    await client.connect();
    const { rows } = await client.query(
      "select pg_total_relation_size('mail_outbox')::int8 as bytes, count(*)::int as n from mail_outbox",
    );
    await client.end();
    outboxTable = `mail_outbox table: ${rows[0].n} rows, ${(Number(rows[0].bytes) / 2 ** 20).toFixed(1)} MB`;
  }

  console.log(`\nbench:abuse on ${process.version}, server pid ${pid}, port ${port}`);
  console.log(
    `baseline (idle): /api/health p50 ${ms(baseHealth)}, p95 ${ms(baseHealthP95)}; RSS ${mb(baseRss)}\n`,
  );
  for (const p of [uploads, nested, guesses, logins, renders, slow]) {
    const p50 = quantile(p.health, 0.5);
    const p95 = quantile(p.health, 0.95);
    const worst = quantile(p.health, 1);
    const peak = Math.max(...p.rss);
    console.log(`${p.name} (${p.seconds.toFixed(1)} s)`);
    console.log(`  answers:        ${p.detail}`);
    console.log(
      `  /api/health:    p50 ${ms(p50)} (baseline ${ms(baseHealth)}, x${(p50 / baseHealth).toFixed(1)}), p95 ${ms(p95)}, max ${ms(worst)}, ${p.health.length} probes`,
    );
    console.log(
      `  server RSS:     peak ${mb(peak)} (baseline ${mb(baseRss)}, +${mb(peak - baseRss)}), at the end ${mb(p.rss.at(-1) ?? 0)}`,
    );
  }
  if (outboxTable) console.log(`\n${outboxTable}`);
  if (!process.env.BENCH_DATABASE_URL)
    console.log(
      `\nembedded database folder: ${mb(pgBefore / 2 ** 20)} before the floods, ${mb(pgAfter / 2 ** 20)} after (+${mb((pgAfter - pgBefore) / 2 ** 20)})`,
    );
} catch (error) {
  console.error(error);
  code = 1;
} finally {
  child.kill('SIGTERM');
  await new Promise((done) => (child.exitCode !== null ? done() : child.once('exit', done)));
  if (!process.env.BENCH_KEEP_DATA) rmSync(dataDir, { recursive: true, force: true });
  process.exit(code);
}
