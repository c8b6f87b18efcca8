#!/usr/bin/env node
// `npm run bench:requests`: the request desk at scale. Loads 100,000 requests across 1,000
// companies on PostgreSQL (the largest company has 10,000 of them, a third open) with set-based
// INSERT ... SELECT, then prints:
//   - the desk's list for the largest company, as the API makes it (modules/requests/service.ts
//     `desk`: its open requests by urgency with the filters' counts, the clock's dates and words
//     for each), p50 and p95 over 300 calls;
//   - the floor: the same page of the list as a plain query written by hand on the same index (the
//     same rows, order and limit, with the site and sign shown beside each; no counts, no dates
//     worked out), timed in the same run, interleaved with the desk's calls so both see the same machine;
//   - the desk's p95 as a ratio of the floor's (goal: at most 1.5x; exit 1 when missed);
//   - the reminder sweep's time to send 10,000 due reminders (claim, check, queue each mail, mark).
//
// BENCH_DATABASE_URL: a PostgreSQL server to use (a database is created and dropped there);
// without it a throw-away cluster is started with scripts/pg-test-cluster.sh.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { migrate } from '../apps/api/src/db/migrate.ts';
import { openPostgres } from '../apps/api/src/db/postgres.ts';
import { createRequestSweep } from '../apps/api/src/modules/requests/reminders.ts';
import { desk } from '../apps/api/src/modules/requests/service.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const COMPANIES = 1_000;
const REQUESTS = 100_000;
const LARGEST = 10_000;
const CALLS = 300;
const SWEEP = 10_000;
const GOAL = 1.5;

const silent = { info() {}, error() {}, warn() {}, debug() {}, child: () => silent };

async function load(db) {
  const t0 = performance.now();
  await db.query(
    `insert into companies (name, town, postcode)
     select 'Bench Company ' || g || ' Ltd', 'Leeds', 'LS1 1AA' from generate_series(1, $1) g`,
    [COMPANIES],
  );
  await db.query(
    `insert into sites (company_id, name, town, postcode, key_info, county, retention_days)
     select id, 'Site of ' || name, 'Leeds', 'LS1 1AA', 'Crime prevention.', 'West Yorkshire', 30
       from companies`,
  );
  await db.query(
    `insert into users (company_id, user_name, email, password_hash, master_user, confirmed_at)
     select id, 'bench' || id, 'bench' || id || '@example.com', 'x', 1, now() from companies`,
  );
  // The first company has LARGEST requests, the others share the rest. States cycle so that about a
  // third are open; received over the last 60 days; most are footage with a window a few days earlier.
  await db.query(
    `insert into relay_requests (company_id, site_id, brand, kind, visitor_name, visitor_email, message,
       footage_date, time_from, time_to, description, received_at, received_on, due_date, overwrite_date,
       state, retention_days, link_nonce, footage_saved_at, footage_saved_how, reference)
     select c.id, s.id, 'signs', case when g % 5 = 0 then 'question' else 'footage' end,
            'Visitor ' || g, 'visitor' || g || '@example.net', case when g % 5 = 0 then 'A question' else '' end,
            case when g % 5 = 0 then null else r.day - 3 end, '10:00', '10:30',
            case when g % 5 = 0 then '' else 'Red coat' end,
            r.day + time '09:00', r.day, (r.day + interval '1 month')::date,
            case when g % 5 = 0 then null else r.day + 27 end,
            (array['received', 'in_progress', 'awaiting_identity', 'answered', 'closed', 'closed', 'answered',
                   'withdrawn', 'closed'])[1 + g % 9],
            30, md5(g::text), case when g % 2 = 0 then now() end, case when g % 2 = 0 then 'exported' end,
            'R-' || lpad(g::text, 6, '0')
       from generate_series(1, $1) g
       cross join lateral (select (current_date - (g % 60))::date as day) r
       join companies c on c.id = case when g <= $2 then 1 else 2 + (g % ($3 - 1)) end
       join sites s on s.company_id = c.id`,
    [REQUESTS, LARGEST, COMPANIES],
  );
  await db.exec('analyze');
  return (performance.now() - t0) / 1000;
}

function percentiles(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
  return { p50: at(50), p95: at(95) };
}

const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());

/**
 * The floor: the same page of the same list, written by hand: the rows the desk shows (with the
 * site's name it shows beside each) in the same order and number, read
 * through the same index; no counts, no dates worked out, no words.
 */
const floorSql = `select r.id, r.reference, r.kind, r.state, r.visitor_name, r.received_at, r.footage_date, r.time_from,
         r.time_to, r.due_date, r.overwrite_date, r.footage_saved_at, s.name as site_name
    from relay_requests r
    join sites s on s.id = r.site_id
   where r.company_id = $1
     and r.state in ('received', 'awaiting_identity', 'awaiting_clarification', 'in_progress', 'extended')
   order by (case when r.footage_saved_at is null then r.overwrite_date end), r.due_date, r.id
   limit 100`;

async function measure(db) {
  const deskSamples = [];
  const floorSamples = [];
  let rows = 0;
  for (let i = 0; i < 30; i++) {
    await desk(db, 1, 'open');
    await db.query(floorSql, [1]);
  }
  for (let i = 0; i < CALLS; i++) {
    let t0 = performance.now();
    const list = await desk(db, 1, 'open');
    deskSamples.push(performance.now() - t0);
    rows = list.requests.length;
    t0 = performance.now();
    await db.query(floorSql, [1]);
    floorSamples.push(performance.now() - t0);
  }
  return { desk: percentiles(deskSamples), floor: percentiles(floorSamples), rows };
}

async function sweep(db) {
  // SWEEP open requests, each with one reminder due today.
  await db.query(
    `insert into request_jobs (request_id, kind, run_on)
     select id, 'due_soon', $2::date from relay_requests
      where state in ('received', 'in_progress') and due_date is not null
      order by id limit $1`,
    [SWEEP, today],
  );
  const n = await db.one(`select count(*)::int as n from request_jobs where sent_at is null`);
  // Make each claimed job still apply: its due date is 7 days from today.
  await db.query(
    `update relay_requests set due_date = $1::date + 7, received_on = ($1::date + 7 - interval '1 month')::date
      where id in (select request_id from request_jobs where sent_at is null)`,
    [today],
  );
  const job = createRequestSweep({
    db,
    env: { publicUrlPattern: 'https://{host}.example.com', nodeEnv: 'production', port: 3000 },
    storage: { delete: async () => undefined },
    log: silent,
  });
  const t0 = performance.now();
  const done = await job.runOnce();
  const seconds = (performance.now() - t0) / 1000;
  return { jobs: n.n, reminded: done.reminded, seconds };
}

const ms = (v) => `${v.toFixed(2)} ms`;

let adminUrl = process.env.BENCH_DATABASE_URL;
const stateFile = join(root, 'data', 'bench-requests-pg.env');
const clusterEnv = { ...process.env, PG_TEST_STATE: stateFile };
const script = join(root, 'scripts', 'pg-test-cluster.sh');
const ownCluster = !adminUrl;
if (ownCluster)
  adminUrl = execFileSync('bash', [script, 'start'], { env: clusterEnv, encoding: 'utf8' }).trim();
const name = `bench_requests_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database "${name}"`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const db = openPostgres({ connectionString: url.toString(), max: 2 });
let failed = false;
try {
  await migrate(db);
  const seconds = await load(db);
  console.log(
    `PostgreSQL: loaded ${REQUESTS.toLocaleString('en-GB')} requests across ${COMPANIES.toLocaleString('en-GB')} companies in ${seconds.toFixed(1)} s (the largest has ${LARGEST.toLocaleString('en-GB')})`,
  );
  const m = await measure(db);
  const ratio = m.desk.p95 / m.floor.p95;
  console.log(`\nThe desk's list of open requests, largest company (${m.rows} rows, ${CALLS} calls each):`);
  console.log(`  desk (service: its dates and words)    p50 ${ms(m.desk.p50)}   p95 ${ms(m.desk.p95)}`);
  console.log(`  floor (the same rows, by hand)          p50 ${ms(m.floor.p50)}   p95 ${ms(m.floor.p95)}`);
  console.log(
    `  desk p95 = ${ratio.toFixed(2)}x the floor's (p50 ${(m.desk.p50 / m.floor.p50).toFixed(2)}x); goal at most ${GOAL}x`,
  );
  if (ratio > GOAL) {
    console.log('  MISSED');
    failed = true;
  }
  const s = await sweep(db);
  console.log(
    `\nReminder sweep: ${s.reminded.toLocaleString('en-GB')} of ${s.jobs.toLocaleString('en-GB')} due reminders sent in ${s.seconds.toFixed(2)} s, ${((s.seconds * 10_000) / Math.max(1, s.reminded)).toFixed(2)} s per 10,000`,
  );
} finally {
  await db.close();
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.end();
  if (ownCluster) execFileSync('bash', [script, 'stop'], { env: clusterEnv, stdio: 'ignore' });
}
process.exit(failed ? 1 : 0);
