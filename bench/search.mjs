#!/usr/bin/env node
// `npm run bench:search`: the public look-up at scale. Loads 1,000,000 stickers (200,000 of them
// registered) and 200,000 sites across 150,000 companies with set-based INSERT ... SELECT, then
// times, in process, the repository calls the API makes: the exact sign reference look-up and the
// name/town/postcode trigram search. Prints p50/p95/p99 over 2,000+ queries each, on PostgreSQL
// and on PGlite.
//
// Targets on PostgreSQL: exact look-up p95 <= 5 ms, search p95 <= 30 ms (exit 1 when missed).
//
// Options:
//   --queries N         queries per kind (default 2000)
//   --pglite-scale F    PGlite loads F times the rows (default 1; e.g. 0.2 when time is short)
//   --skip-pglite, --skip-postgres
// BENCH_DATABASE_URL: a PostgreSQL server to use (a database is created and dropped there);
// without it a throw-away cluster is started with scripts/pg-test-cluster.sh.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { migrate } from '../apps/api/src/db/migrate.ts';
import { openPglite } from '../apps/api/src/db/pglite.ts';
import { openPostgres } from '../apps/api/src/db/postgres.ts';
import { lookupSign, searchSchemes } from '../apps/api/src/modules/lookup/repository.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const QUERIES = Math.max(2000, option('--queries', 2000));
const PGLITE_SCALE = option('--pglite-scale', 1);
const TARGETS = { exact: 5, search: 30 };
const FULL = { companies: 150_000, sites: 200_000, stickers: 1_000_000 };

const TOWNS = [
  'Leeds',
  'Bristol',
  'Manchester',
  'Birmingham',
  'Liverpool',
  'Sheffield',
  'Newcastle',
  'Nottingham',
  'Leicester',
  'Coventry',
  'Bradford',
  'Cardiff',
  'Swansea',
  'Glasgow',
  'Edinburgh',
  'Aberdeen',
  'Dundee',
  'Belfast',
  'Derry',
  'Plymouth',
  'Exeter',
  'Southampton',
  'Portsmouth',
  'Brighton',
  'Norwich',
  'Ipswich',
  'Cambridge',
  'Oxford',
  'Reading',
  'Swindon',
  'Gloucester',
  'Worcester',
  'Hereford',
  'Shrewsbury',
  'Chester',
  'Preston',
  'Blackpool',
  'Lancaster',
  'Carlisle',
  'Durham',
  'Sunderland',
  'Middlesbrough',
  'York',
  'Hull',
  'Lincoln',
  'Derby',
  'Stoke',
  'Wolverhampton',
  'Northampton',
  'Milton Keynes',
  'Luton',
  'Bedford',
  'Peterborough',
  'Colchester',
  'Chelmsford',
  'Southend',
  'Canterbury',
  'Maidstone',
  'Guildford',
  'Bath',
  'Harrogate',
  'Ripon',
  'Whitby',
  'Scarborough',
  'Inverness',
  'Stirling',
  'Perth',
  'Wrexham',
  'Bangor',
  'Truro',
];
const WORDS = [
  'Northern',
  'Harbour',
  'Kestrel',
  'Beacon',
  'Meadow',
  'Quayside',
  'Lighthouse',
  'Granite',
  'Sentinel',
  'Oakwood',
  'Riverside',
  'Summit',
  'Falcon',
  'Castle',
  'Pennine',
  'Thames',
  'Severn',
  'Cotswold',
  'Moorland',
  'Heron',
  'Atlas',
  'Citadel',
  'Guardian',
  'Vista',
  'Lantern',
  'Bridge',
  'Anchor',
  'Crown',
  'Forest',
  'Valley',
  'Marina',
  'Station',
  'Market',
  'Abbey',
  'Orchard',
  'Willow',
  'Ash',
  'Beech',
  'Cedar',
  'Elm',
];
const KINDS = [
  'Security',
  'Parking',
  'Retail',
  'Estates',
  'Logistics',
  'Leisure',
  'Motors',
  'Foods',
  'Homes',
  'Hotels',
];
const SITES = [
  'Car park',
  'Main gate',
  'Yard',
  'Shop front',
  'Warehouse',
  'Reception',
  'Loading bay',
  'Garden centre',
];

const sqlArray = (values) => `array[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(',')}]`;
const pick = (list) => list[Math.floor(Math.random() * list.length)];

/** Set-based load: three INSERT ... SELECT statements over generate_series, then ANALYZE. */
async function load(db, scale) {
  const n = {
    companies: Math.round(FULL.companies * scale),
    sites: Math.round(FULL.sites * scale),
    stickers: Math.round(FULL.stickers * scale),
  };
  const t0 = performance.now();
  await db.query(
    `insert into companies (name, town, postcode)
     select w[1 + g % ${WORDS.length}] || ' ' || w[1 + (g / ${WORDS.length}) % ${WORDS.length}] || ' '
              || k[1 + (g / 7) % ${KINDS.length}] || ' ' || g || ' Ltd',
            t[1 + g % ${TOWNS.length}], 'ZZ' || (g % 99) || ' ' || (g % 9) || 'AB'
       from generate_series(1, $1) g,
            (select ${sqlArray(WORDS)} as w, ${sqlArray(KINDS)} as k, ${sqlArray(TOWNS)} as t) lists`,
    [n.companies],
  );
  await db.query(
    `insert into sites (company_id, name, town, postcode, key_info)
     select c.id, s[1 + g % ${SITES.length}] || ' ' || g, t[1 + (g * 13) % ${TOWNS.length}],
            upper(substr(t[1 + (g * 13) % ${TOWNS.length}], 1, 2)) || (1 + g % 30) || ' ' || (g % 10) || 'Q'
              || chr(65 + g % 26),
            'Crime prevention and public safety. Recordings are overwritten every 30 days.'
       from generate_series(1, $1) g
       join companies c on c.id = 1 + (g - 1) % $2,
            (select ${sqlArray(SITES)} as s, ${sqlArray(TOWNS)} as t) lists`,
    [n.sites, n.companies],
  );
  // md5 gives random-looking groups; the last group is the serial number, so references are unique.
  await db.query(
    `insert into stickers (sign_ref, sign_ref_key, prefix_no, site_id, company_id, start_date, site_name)
     select ref, replace(ref, '-', ''), 'BEN' || lpad((g % 100000)::text, 5, '0'),
            s.id, s.company_id, case when s.id is null then null else now() end, s.name
       from (select g, upper(substr(md5(g::text), 1, 4) || '-' || substr(md5(g::text), 5, 4) || '-'
                     || lpad(to_hex(g), 5, '0')) as ref
               from generate_series(1, $1) g) refs
       left join sites s on s.id = refs.g and refs.g <= $2`,
    [n.stickers, n.sites],
  );
  await db.exec('analyze');
  return { ...n, seconds: (performance.now() - t0) / 1000 };
}

function percentiles(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
  return { p50: at(50), p95: at(95), p99: at(99) };
}

async function time(queries, run) {
  for (const q of queries.slice(0, 50)) await run(q); // warm the caches and plans
  const samples = [];
  for (const q of queries) {
    const t0 = performance.now();
    await run(q);
    samples.push(performance.now() - t0);
  }
  return percentiles(samples);
}

/** A term as a visitor types it: sometimes one letter dropped. */
function typo(word) {
  if (word.length < 6 || Math.random() < 0.5) return word;
  const i = 1 + Math.floor(Math.random() * (word.length - 2));
  return word.slice(0, i) + word.slice(i + 1);
}

async function measure(db) {
  const refs = await db.query(
    `select sign_ref from stickers where id in (
       select 1 + floor(random() * (select max(id) from stickers))::int8 from generate_series(1, $1))`,
    [QUERIES],
  );
  const exactTerms = refs.map((r) =>
    Math.random() < 0.5 ? r.sign_ref.toLowerCase().replaceAll('-', '') : r.sign_ref,
  );
  while (exactTerms.length < QUERIES) exactTerms.push(pick(exactTerms));
  const searchTerms = Array.from({ length: QUERIES }, (_, i) => {
    switch (i % 4) {
      case 0:
        return typo(pick(TOWNS));
      case 1:
        return `${pick(WORDS)} ${pick(KINDS)}`;
      case 2:
        return typo(`${pick(WORDS)} ${pick(WORDS)}`);
      default:
        return `${pick(TOWNS)} ${pick(SITES)}`.toLowerCase();
    }
  });
  let hits = 0;
  const exact = await time(exactTerms, async (term) => {
    if ((await lookupSign(db, term))?.scheme) hits += 1;
  });
  let results = 0;
  const search = await time(searchTerms, async (term) => {
    results += (await searchSchemes(db, term, 1)).results.length;
  });
  return {
    exact,
    search,
    registeredShare: hits / exactTerms.length,
    meanResults: results / searchTerms.length,
  };
}

const ms = (v) => `${v.toFixed(2)} ms`.padStart(10);

function report(engine, loaded, m) {
  console.log(
    `\n${engine}: loaded ${loaded.stickers.toLocaleString('en-GB')} stickers, ${loaded.sites.toLocaleString('en-GB')} sites, ${loaded.companies.toLocaleString('en-GB')} companies in ${loaded.seconds.toFixed(1)} s`,
  );
  console.log(`  ${'query'.padEnd(28)}${'p50'.padStart(10)}${'p95'.padStart(10)}${'p99'.padStart(10)}`);
  console.log(
    `  ${'exact reference look-up'.padEnd(28)}${ms(m.exact.p50)}${ms(m.exact.p95)}${ms(m.exact.p99)}`,
  );
  console.log(`  ${'name/town search'.padEnd(28)}${ms(m.search.p50)}${ms(m.search.p95)}${ms(m.search.p99)}`);
  console.log(
    `  (${QUERIES} queries each; ${Math.round(m.registeredShare * 100)}% of looked-up signs registered; ${m.meanResults.toFixed(1)} results per search on average)`,
  );
}

async function onPostgres() {
  let adminUrl = process.env.BENCH_DATABASE_URL;
  const stateFile = join(root, 'data', 'bench-search-pg.env');
  const env = { ...process.env, PG_TEST_STATE: stateFile };
  const script = join(root, 'scripts', 'pg-test-cluster.sh');
  const ownCluster = !adminUrl;
  if (ownCluster) adminUrl = execFileSync('bash', [script, 'start'], { env, encoding: 'utf8' }).trim();
  const name = `bench_search_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = openPostgres({ connectionString: url.toString(), max: 2 });
  try {
    await migrate(db);
    const loaded = await load(db, 1);
    const m = await measure(db);
    report('PostgreSQL', loaded, m);
    return m;
  } finally {
    await db.close();
    if (process.env.BENCH_KEEP_DB) console.log(`  kept database ${url}`);
    else await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
    if (ownCluster) execFileSync('bash', [script, 'stop'], { env, stdio: 'ignore' });
  }
}

async function onPglite() {
  const db = await openPglite();
  try {
    await migrate(db);
    const loaded = await load(db, PGLITE_SCALE);
    const m = await measure(db);
    report(`PGlite${PGLITE_SCALE === 1 ? '' : ` (scale ${PGLITE_SCALE})`}`, loaded, m);
    return m;
  } finally {
    await db.close();
  }
}

let failed = false;
if (!args.includes('--skip-postgres')) {
  const m = await onPostgres();
  for (const kind of ['exact', 'search']) {
    if (m[kind].p95 > TARGETS[kind]) {
      console.log(`  MISSED: ${kind} p95 ${m[kind].p95.toFixed(2)} ms > ${TARGETS[kind]} ms`);
      failed = true;
    }
  }
  if (!failed)
    console.log(`  targets met: exact p95 <= ${TARGETS.exact} ms, search p95 <= ${TARGETS.search} ms`);
}
if (!args.includes('--skip-pglite')) await onPglite();
process.exit(failed ? 1 : 0);
