#!/usr/bin/env node
// `npm run bench:upload`: a 1 GiB clip uploaded to a request through the product's tus endpoint
// (POST /api/requests/:id/clips/uploads, then one PATCH of every byte) on loopback, against the
// floor: the same bytes sent the same way to a bare node:http server that pipes the request to a
// file. Each server runs in a child process of its own, on the same machine, in the same run, in
// turns (floor, product, floor, product), and reports its resident memory every 50 ms; the bench
// prints for each the throughput (best of its turns), the product's as a ratio of the floor's
// (goal: at least 0.7x) and the server's RSS growth during the upload (goal: under 64 MB).
// Then the download half: a 1 GiB clip released to the request's visitor (through the release
// service, a mailed code exchanged for a grant) is downloaded through the product's visitor route
// (GET /api/requests/visitor/:reference/disclosures/:id/files/:item) in four Range requests of
// 256 MiB, as a phone resuming would, against @fastify/static serving the very same stored file
// from a Fastify server of its own, in turns in the same run (goal: at least 0.8x, RSS growth under
// 64 MB). Exit 1 when a goal is missed.
//
// The bytes: an MP4 file type box (the product checks the first bytes) then a 4 MiB random block
// repeated, generated as they are sent, so the client reads no disk. The product hashes them with
// SHA-256 as they arrive, as it always does; the floor only writes them. REQUEST_TIMEOUT_MS is
// raised to 10 minutes for the product so a slow machine does not cut the single 1 GiB PATCH (a
// browser sends pieces). Each server runs with the heap growth the product's entry point sets
// (apps/api/src/lib/heap-growth.ts); each turn's line gives the full collections it ran.
import { execFileSync, fork } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { PerformanceObserver, constants as perf } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { setHeapGrowth } from '../apps/api/src/lib/heap-growth.ts';

const SIZE = 1024 ** 3;
const BLOCK = 4 * 1024 ** 2;
const TURNS = 3;
const GOAL_RATIO = 0.7;
const GOAL_DOWNLOAD_RATIO = 0.8;
const RANGES = 4;
const GOAL_RSS_MB = 64;
const MB = 1024 ** 2;

// ---- The servers (child processes)

/**
 * Reports RSS every 50 ms between the parent's 'start' and 'stop', the CPU seconds the server
 * spent meanwhile (all its threads): on a busy machine the wall clock varies from turn to turn, the
 * CPU a gigabyte costs much less; and the full collections V8 ran (the cost decision 0061 found).
 */
function sampleRss() {
  let timer;
  let base = 0;
  let peak = 0;
  let cpu;
  let fullGcs = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.detail?.kind === perf.NODE_PERFORMANCE_GC_MAJOR) fullGcs += 1;
    }
  }).observe({ entryTypes: ['gc'] });
  process.on('message', (message) => {
    if (message === 'start') {
      global.gc?.();
      base = process.memoryUsage.rss();
      peak = base;
      cpu = process.cpuUsage();
      fullGcs = 0;
      timer = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage.rss());
      }, 50);
    } else if (message === 'stop') {
      clearInterval(timer);
      peak = Math.max(peak, process.memoryUsage.rss());
      const used = process.cpuUsage(cpu);
      process.send({ rss: { base, peak, cpuSeconds: (used.user + used.system) / 1e6, fullGcs } });
    }
  });
}

async function serveFloor() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-floor-'));
  let n = 0;
  const server = http.createServer(async (request, response) => {
    const file = path.join(dir, `upload-${n++}`);
    try {
      await pipeline(request, createWriteStream(file));
      response.writeHead(204).end();
    } catch {
      response.writeHead(500).end();
    }
    await rm(file, { force: true });
  });
  server.listen(0, '127.0.0.1', () => {
    process.send({ ready: `http://127.0.0.1:${server.address().port}/upload` });
  });
  sampleRss();
  process.on('disconnect', async () => {
    server.close();
    await rm(dir, { recursive: true, force: true });
    process.exit(0);
  });
}

async function serveProduct(databaseUrl) {
  const { buildApp } = await import('../apps/api/src/app.ts');
  const { loadEnv } = await import('../apps/api/src/env.ts');
  const { openPglite } = await import('../apps/api/src/db/pglite.ts');
  const { migrate } = await import('../apps/api/src/db/migrate.ts');
  const { signSessionToken } = await import('../apps/api/src/modules/auth/tokens.ts');
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-product-'));
  const env = await loadEnv({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    REQUEST_TIMEOUT_MS: '600000',
  });
  const { openPostgres } = await import('../apps/api/src/db/postgres.ts');
  const db = databaseUrl
    ? openPostgres({ connectionString: databaseUrl })
    : await openPglite({ dataDir: path.join(dataDir, 'pgdata') });
  await migrate(db);
  const company = await db.one(
    `insert into companies (name, town, postcode) values ('Bench Parking Ltd', 'Leeds', 'LS1 1AA') returning id`,
  );
  const site = await db.one(
    `insert into sites (company_id, name, town, postcode, key_info, county, retention_days)
     values ($1, 'Bench car park', 'Leeds', 'LS1 1AA', 'Crime prevention.', 'West Yorkshire', 30) returning id`,
    [company.id],
  );
  const user = await db.one(
    `insert into users (company_id, user_name, email, password_hash, master_user, confirmed_at)
     values ($1, 'bench', 'bench@example.com', 'x', 1, now()) returning id, session_version`,
    [company.id],
  );
  const request = await db.one(
    `insert into relay_requests (company_id, site_id, brand, kind, visitor_name, visitor_email, footage_date,
       received_at, received_on, due_date, link_nonce, reference)
     values ($1, $2, 'signs', 'footage', 'Sam Walker', 'sam@example.net', current_date - 2, now(), current_date,
       current_date + 30, 'bench', 'R-BNCH-2345') returning id, reference`,
    [company.id, site.id],
  );
  const token = await signSessionToken(env.jwtSecret, {
    id: user.id,
    userName: 'bench',
    sessionVersion: user.session_version,
  });
  const app = await buildApp({ env, db, logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  process.send({
    ready: `http://127.0.0.1:${app.server.address().port}/api/requests/${request.id}/clips/uploads`,
    token,
  });
  sampleRss();
  process.on('message', async (message) => {
    if (message?.prepare === 'download') {
      process.send({ download: await releasedClip({ app, db, env, dataDir, request, userId: user.id }) });
    }
  });
  process.on('disconnect', async () => {
    await app.close();
    await db.close();
    await rm(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
}

/**
 * A 1 GiB clip of the request released to its visitor as the product does it (the file recorded
 * as a finished upload, then the release service's checked copy and letter), and a download grant
 * from a mailed code: what the visitor's download route needs, and the stored copy's path.
 */
async function releasedClip({ app, db, env, dataDir, request, userId }) {
  const { uploadKey } = await import('../apps/api/src/modules/disclosures/clip-uploads.ts');
  const repo = await import('../apps/api/src/modules/disclosures/repository.ts');
  const releases = await import('../apps/api/src/modules/disclosures/release-service.ts');
  const { visitorSecret } = await import('../apps/api/src/modules/requests/service.ts');
  const { findUserById } = await import('../apps/api/src/modules/users/repository.ts');
  const key = uploadKey(request.id, '00000000-0000-4000-8000-00000000b3c4');
  const file = path.join(dataDir, ...key.split('/'));
  await mkdir(path.dirname(file), { recursive: true });
  const hash = createHash('sha256');
  const block = randomBytes(BLOCK);
  await pipeline(
    Readable.from(
      (function* () {
        for (const chunk of body(block)) {
          hash.update(chunk);
          yield chunk;
        }
      })(),
    ),
    createWriteStream(file),
  );
  const now = new Date();
  await repo.insertUpload(db, {
    requestId: request.id,
    companyId: (await db.one('select company_id from relay_requests where id = $1', [request.id])).company_id,
    storageKey: key,
    filename: 'bench.mp4',
    size: SIZE,
    userId,
    userName: 'bench',
    at: now,
  });
  const row = await repo.fileByKey(db, key);
  await repo.setKind(db, row.id, 'mp4');
  await repo.markComplete(db, row.id, hash.digest('hex'), now);
  await repo.setProbed(db, row.id, {
    durationMs: null,
    width: null,
    height: null,
    videoCodec: null,
    audioCodec: null,
    state: 'not_needed',
  });
  const ctx = { db, env, storage: app.storage };
  const user = await findUserById(db, userId);
  const released = await releases.release(
    ctx,
    user,
    request.id,
    { fileIds: [row.id], letter: 'The bench clip.' },
    now,
  );
  const secret = await visitorSecret(db, env, request.reference);
  await releases.sendCode(ctx, request.reference, secret, released.id, now);
  const mail = await db.one(
    `select subject from mail_outbox where to_address = 'sam@example.net' order by id desc limit 1`,
  );
  const code = /Your download code: (\d+)/.exec(mail.subject)?.[1];
  const { grant } = await releases.exchangeCode(ctx, request.reference, secret, released.id, code, now);
  const item = await db.one('select id, storage_key from disclosure_items where disclosure_id = $1', [
    released.id,
  ]);
  const origin = `http://127.0.0.1:${app.server.address().port}`;
  return {
    url: `${origin}/api/requests/visitor/${request.reference}/disclosures/${released.id}/files/${item.id}`,
    grant,
    file: path.join(dataDir, ...item.storage_key.split('/')),
  };
}

/** @fastify/static serving one file, by its name, from its folder; Range as it answers it by default. */
async function serveStatic() {
  const { default: Fastify } = await import('fastify');
  const { default: fastifyStatic } = await import('@fastify/static');
  const app = Fastify({ logger: false });
  let served;
  await app.register(fastifyStatic, { root: os.tmpdir(), serve: false });
  app.get('/file', (_request, reply) => reply.sendFile(path.basename(served), path.dirname(served)));
  await app.listen({ host: '127.0.0.1', port: 0 });
  process.on('message', (message) => {
    if (message?.serve) {
      served = message.serve;
      process.send({ serving: true });
    }
  });
  process.send({ ready: `http://127.0.0.1:${app.server.address().port}/file` });
  sampleRss();
  process.on('disconnect', async () => {
    await app.close();
    process.exit(0);
  });
}

// ---- The client (this process)

/** The bytes of the upload, made as they are sent: a file type box, then a random block repeated. */
function* body(block) {
  const head = Buffer.alloc(32);
  head.writeUInt32BE(32, 0);
  head.write('ftypisom', 4, 'latin1');
  yield head;
  let sent = head.length;
  while (sent < SIZE) {
    const chunk = block.subarray(0, Math.min(block.length, SIZE - sent));
    sent += chunk.length;
    yield chunk;
  }
}

/** Sends the body with backpressure; resolves with the answer's status and headers. */
function send(url, method, headers, block) {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers: { ...headers, 'content-length': String(SIZE) } });
    request.on('error', reject);
    request.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode, headers: response.headers }));
    });
    const chunks = body(block);
    const write = () => {
      for (let next = chunks.next(); !next.done; next = chunks.next()) {
        if (!request.write(next.value)) {
          request.once('drain', write);
          return;
        }
      }
      request.end();
    };
    write();
  });
}

function start(role, databaseUrl) {
  const child = fork(fileURLToPath(import.meta.url), databaseUrl ? [role, databaseUrl] : [role], {
    execArgv: [...process.execArgv, '--expose-gc'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('message', (message) => resolve({ child, ...message }));
  });
}

const rssOf = (child) =>
  new Promise((resolve) => {
    child.once('message', (message) => resolve(message.rss));
    child.send('stop');
  });

async function turn(server, role, block) {
  server.child.send('start');
  await new Promise((resolve) => setTimeout(resolve, 100));
  const t0 = performance.now();
  let answer;
  if (role === 'floor') {
    answer = await send(server.ready, 'PUT', {}, block);
    if (answer.status !== 204) throw new Error(`The floor answered ${answer.status}`);
  } else {
    const created = await fetch(server.ready, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${server.token}`,
        'tus-resumable': '1.0.0',
        'upload-length': String(SIZE),
        'upload-metadata': `filename ${Buffer.from('bench.mp4').toString('base64')}`,
      },
    });
    if (created.status !== 201) throw new Error(`Creating the upload answered ${created.status}`);
    const location = new URL(created.headers.get('location'), server.ready).toString();
    answer = await send(
      location,
      'PATCH',
      {
        authorization: `Bearer ${server.token}`,
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      block,
    );
    if (answer.status !== 204 || answer.headers['upload-offset'] !== String(SIZE)) {
      throw new Error(`The PATCH answered ${answer.status}, offset ${answer.headers['upload-offset']}`);
    }
  }
  const seconds = (performance.now() - t0) / 1000;
  const rss = await rssOf(server.child);
  // Both servers drop the file after the turn (the floor's deletes its own), so neither turn pays
  // for writing back the other's gigabyte.
  if (role === 'product') await settledAndDeleted(server);
  return {
    mbps: SIZE / MB / seconds,
    seconds,
    growthMb: (rss.peak - rss.base) / MB,
    cpuSeconds: rss.cpuSeconds,
    fullGcs: rss.fullGcs,
  };
}

/** Waits until ffprobe has looked at the upload (never during the next turn), then deletes it. */
async function settledAndDeleted(server) {
  const files = server.ready.replace(/\/uploads$/, '');
  const headers = { authorization: `Bearer ${server.token}` };
  for (;;) {
    const list = await fetch(files, { headers }).then((r) => r.json());
    if (!list.files.some((f) => f.processing.state === 'probing')) {
      for (const file of list.files) await fetch(`${files}/${file.id}`, { method: 'DELETE', headers });
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The next message of a child carrying `field`. */
const reply = (child, message, field) =>
  new Promise((resolve) => {
    const listen = (answer) => {
      if (answer?.[field] === undefined) return;
      child.off('message', listen);
      resolve(answer[field]);
    };
    child.on('message', listen);
    child.send(message);
  });

/** GETs the file in RANGES Range requests, reading every byte; resolves with the bytes read. */
async function rangedDownload(url, headers) {
  const part = SIZE / RANGES;
  let total = 0;
  for (let i = 0; i < RANGES; i++) {
    const range = `bytes=${i * part}-${(i + 1) * part - 1}`;
    const bytes = await new Promise((resolve, reject) => {
      http
        .get(url, { headers: { ...headers, range } }, (response) => {
          if (response.statusCode !== 206) {
            reject(new Error(`${url} answered ${response.statusCode} to ${range}`));
            response.resume();
            return;
          }
          let n = 0;
          response.on('data', (chunk) => {
            n += chunk.length;
          });
          response.on('end', () => resolve(n));
          response.on('error', reject);
        })
        .on('error', reject);
    });
    if (bytes !== part) throw new Error(`${range} gave ${bytes} bytes`);
    total += bytes;
  }
  return total;
}

async function downloadTurn(server, url, headers) {
  server.child.send('start');
  await new Promise((resolve) => setTimeout(resolve, 100));
  const t0 = performance.now();
  await rangedDownload(url, headers);
  const seconds = (performance.now() - t0) / 1000;
  const rss = await rssOf(server.child);
  return {
    mbps: SIZE / MB / seconds,
    seconds,
    growthMb: (rss.peak - rss.base) / MB,
    cpuSeconds: rss.cpuSeconds,
    fullGcs: rss.fullGcs,
  };
}

/** scripts/pg-test-cluster.sh `start` or `stop` on the cluster `stateFile` remembers; its standard output. */
const pgCluster = (command, stateFile) =>
  execFileSync('bash', [fileURLToPath(new URL('../scripts/pg-test-cluster.sh', import.meta.url)), command], {
    env: { ...process.env, PG_TEST_STATE: stateFile },
    stdio: ['ignore', 'pipe', 'ignore'],
    encoding: 'utf8',
  }).trim();

/**
 * A throw-away PostgreSQL cluster (its own state file) for the product on the database it runs on
 * in production (DATABASE_URL); undefined when the server binaries are not installed, and the
 * product is then measured on PGlite alone.
 */
function startPostgres(stateFile) {
  try {
    return pgCluster('start', stateFile);
  } catch {
    return undefined;
  }
}

const LABELS = {
  floor: 'floor',
  postgres: 'product on PostgreSQL',
  pglite: 'product on PGlite',
};

async function main() {
  const block = randomBytes(BLOCK);
  // Kept only to tell a reader what was sent; computed once, outside the timings.
  const expected = createHash('sha256');
  for (const chunk of body(block)) expected.update(chunk);
  console.log(`1 GiB upload on loopback (SHA-256 of the bytes: ${expected.digest('hex').slice(0, 16)}…)`);
  const stateFile = path.join(await mkdtemp(path.join(os.tmpdir(), 'bench-upload-pg-')), 'cluster.env');
  const databaseUrl = startPostgres(stateFile);
  if (!databaseUrl) console.log('  (PostgreSQL server binaries not found: the product runs on PGlite only)');
  const servers = { floor: await start('floor') };
  if (databaseUrl) servers.postgres = await start('product', databaseUrl);
  servers.pglite = await start('product');
  // The goal is judged on the database production runs on (DESIGN: DATABASE_URL), PGlite's figure
  // printed beside it: the embedded database's WebAssembly heap, about 200 MB that V8 counts as
  // external memory, makes the collector run full collections during a long upload
  // (docs/decisions/0061-clip-patch-on-node-streams.md).
  const judged = databaseUrl ? 'postgres' : 'pglite';
  const products = Object.keys(servers).filter((role) => role !== 'floor');
  const results = { floor: [], postgres: [], pglite: [], static: [], download: [] };
  let staticServer;
  try {
    for (let i = 0; i < TURNS; i++) {
      for (const role of ['floor', ...products]) {
        const result = await turn(servers[role], role === 'floor' ? 'floor' : 'product', block);
        results[role].push(result);
        console.log(
          `  ${LABELS[role].padEnd(21)} turn ${i + 1}: ${result.mbps.toFixed(0)} MB/s (${result.seconds.toFixed(2)} s, server CPU ${result.cpuSeconds.toFixed(2)} s, ${result.fullGcs} full GCs), RSS growth ${result.growthMb.toFixed(1)} MB`,
        );
      }
    }
    console.log(
      `1 GiB download in ${RANGES} Range requests on loopback (${LABELS[judged]}; preparing the release…)`,
    );
    const product = servers[judged];
    const download = await reply(product.child, { prepare: 'download' }, 'download');
    staticServer = await start('static');
    await reply(staticServer.child, { serve: download.file }, 'serving');
    for (let i = 0; i < TURNS; i++) {
      for (const role of ['static', 'download']) {
        const result =
          role === 'static'
            ? await downloadTurn(staticServer, staticServer.ready, {})
            : await downloadTurn(product, download.url, { 'x-disclosure-grant': download.grant });
        results[role].push(result);
        console.log(
          `  ${(role === 'static' ? '@fastify/static' : 'product').padEnd(15)} turn ${i + 1}: ${result.mbps.toFixed(0)} MB/s (${result.seconds.toFixed(2)} s, server CPU ${result.cpuSeconds.toFixed(2)} s, ${result.fullGcs} full GCs), RSS growth ${result.growthMb.toFixed(1)} MB`,
        );
      }
    }
  } finally {
    for (const server of Object.values(servers)) server.child.disconnect();
    staticServer?.child.disconnect();
    // The product children close their pools as they go; give them a moment before the cluster stops.
    await new Promise((resolve) => setTimeout(resolve, 500));
    if (databaseUrl) pgCluster('stop', stateFile);
    await rm(path.dirname(stateFile), { recursive: true, force: true });
  }
  const best = (role) => Math.max(...results[role].map((r) => r.mbps));
  const growth = (role) => Math.max(...results[role].map((r) => r.growthMb));
  const cpu = (role) => Math.min(...results[role].map((r) => r.cpuSeconds)).toFixed(2);
  console.log(
    `floor (node:http piped to disk): ${best('floor').toFixed(0)} MB/s, server CPU ${cpu('floor')} s per GiB, RSS growth up to ${growth('floor').toFixed(1)} MB`,
  );
  for (const role of products) {
    console.log(
      `${LABELS[role]} (tus PATCH, content check, SHA-256): ${best(role).toFixed(0)} MB/s, server CPU ${cpu(role)} s per GiB, RSS growth up to ${growth(role).toFixed(1)} MB; ${(best(role) / best('floor')).toFixed(2)}x the floor${role === judged ? ' (judged)' : ''}`,
    );
  }
  const ratio = best(judged) / best('floor');
  console.log(
    `ratio: ${ratio.toFixed(2)}x the floor, ${LABELS[judged]} (goal at least ${GOAL_RATIO}x); RSS growth goal under ${GOAL_RSS_MB} MB`,
  );
  const downloadRatio = best('download') / best('static');
  console.log(
    `@fastify/static (the same file, Range): ${best('static').toFixed(0)} MB/s, RSS growth up to ${growth('static').toFixed(1)} MB`,
  );
  console.log(
    `product (visitor download route, grant, logged and counted): ${best('download').toFixed(0)} MB/s, RSS growth up to ${growth('download').toFixed(1)} MB`,
  );
  console.log(
    `download ratio: ${downloadRatio.toFixed(2)}x @fastify/static (goal at least ${GOAL_DOWNLOAD_RATIO}x); RSS growth goal under ${GOAL_RSS_MB} MB`,
  );
  const missed =
    ratio < GOAL_RATIO ||
    products.some((role) => growth(role) >= GOAL_RSS_MB) ||
    downloadRatio < GOAL_DOWNLOAD_RATIO ||
    growth('download') >= GOAL_RSS_MB;
  console.log(missed ? 'GOAL MISSED' : 'goals met');
  process.exitCode = missed ? 1 : 0;
}

const role = process.argv[2];
// Every server here starts as the product's entry point (apps/api/src/server.ts) does, with its heap
// growth: the ratios then compare the code serving the bytes, not two settings of the collector
// (a plain Fastify server left to V8's own choice after an idle spell runs the full collections
// decision 0061 describes, and the download floor would be slowed by them too).
if (role) setHeapGrowth();
if (role === 'floor') await serveFloor();
else if (role === 'product') await serveProduct(process.argv[3]);
else if (role === 'static') await serveStatic();
else await main();
