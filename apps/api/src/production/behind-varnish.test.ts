import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../env';
import { TokenBuckets } from '../plugins/token-bucket';
import { call, signedIn } from '../test/accounts';
import { freePort } from '../test/free-port';
import { createTestApp, type TestApp } from '../test/test-app';
import { send } from '../test/workspace';

// The server behind a real shared cache, as a CDN puts it (issue 33, findings 1, 2 and 8;
// docs/decisions/0054): Debian's Varnish, started here with the VCL in e2e/varnish, keeps what the
// server's Cache-Control lets a shared cache keep, on Varnish's own key (Host and URL), and
// honours purges by surrogate key, which the server sends it through CDN_PURGE_URL.

const webDist = path.join(repoRoot, 'apps/web/dist');
const VCL = path.join(repoRoot, 'e2e/varnish/default.vcl');
/** Debian installs it outside a plain user's PATH. */
const VARNISHD = ['/usr/sbin/varnishd', '/usr/local/sbin/varnishd'].find(existsSync) ?? 'varnishd';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One GET through Varnish on a connection of its own, with the headers a visitor's request carries. */
function get(port: number, urlPath: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: urlPath, agent: false, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

let t: TestApp;
let varnish: ChildProcess | undefined;
let varnishPort = 0;
let workDir = '';
let varnishLog = '';

/** A visitor at `address` asking Varnish for `urlPath` on `host` (Varnish adds its own hop to X-Forwarded-For). */
const visit = (urlPath: string, host: string, address: string, headers: Record<string, string> = {}) =>
  get(varnishPort, urlPath, { host, 'x-forwarded-for': address, ...headers });

beforeAll(async () => {
  // Loud, never skipped: without Varnish nothing here is proved.
  const version = spawnSync(VARNISHD, ['-V'], { encoding: 'utf8' });
  if (version.status !== 0) {
    throw new Error(
      'varnishd is missing: install Debian\'s "varnish" package (apt-get install --no-install-recommends varnish); .ci/run does',
    );
  }
  if (!existsSync(path.join(webDist, '.ssr', 'entry-server.js'))) {
    const build = spawnSync('npm', ['run', 'build', '-w', '@app/web'], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error('the web app could not be built');
  }
  varnishPort = await freePort();
  const apiPort = await freePort();
  t = await createTestApp({
    // A clock that stands still: a spent look-up budget stays spent however slowly the test runs.
    publicReads: new TokenBuckets({ now: () => 0 }),
    env: {
      webDistDir: webDist,
      // Varnish on this machine is the proxy whose X-Forwarded-For is believed.
      trustProxy: ['loopback'],
      cdnPurge: { url: `http://127.0.0.1:${varnishPort}/.cdn-purge`, style: 'fastly', token: undefined },
    },
  });
  await t.app.listen({ host: '127.0.0.1', port: apiPort });

  workDir = path.join(repoRoot, 'data', `varnish-${randomUUID()}`);
  await mkdir(workDir, { recursive: true });
  const vcl = path.join(workDir, 'default.vcl');
  await writeFile(vcl, (await readFile(VCL, 'utf8')).replace('"BACKEND_PORT"', `"${apiPort}"`));
  // As the current user (`-j none`: no jail, no switch to a varnish user), in the foreground,
  // with a working directory of its own and no management port.
  varnish = spawn(
    VARNISHD,
    [
      '-F',
      '-j',
      'none',
      '-n',
      path.join(workDir, 'n'),
      '-a',
      `127.0.0.1:${varnishPort}`,
      '-f',
      vcl,
      '-s',
      'malloc,32m',
      '-T',
      'none',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const keep = (chunk: Buffer) => {
    varnishLog += chunk.toString('utf8');
  };
  varnish.stdout?.on('data', keep);
  varnish.stderr?.on('data', keep);
  const exited = new Promise<never>((_, reject) =>
    varnish?.once('exit', (code) => reject(new Error(`varnishd exited (${code}):\n${varnishLog}`))),
  );
  // Compiling the VCL takes a C compiler run: a few seconds on a busy machine.
  const until = Date.now() + 60_000;
  for (;;) {
    const answer = await Promise.race([
      get(varnishPort, '/robots.txt', { host: 'signs.localhost' }).catch(() => undefined),
      exited,
    ]);
    if (answer?.headers.via?.includes('varnish')) break;
    if (Date.now() > until) throw new Error(`varnishd did not answer within a minute:\n${varnishLog}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}, 300_000);

afterAll(async () => {
  if (varnish && varnish.exitCode === null) {
    const gone = new Promise((resolve) => varnish?.once('exit', resolve));
    varnish.kill('SIGTERM');
    await gone;
  }
  await t?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

const canonical = (answer: Answer) => /<link rel="canonical" href="([^"]+)"/.exec(answer.body)?.[1];

describe('behind Varnish', () => {
  it('an error answer is never stored: the next visitor gets the good page, and then everyone does (finding 1)', async () => {
    const { sticker } = await signedIn(t, { companyName: 'Harbour Watch Ltd' });
    const spender = '198.51.100.23';
    // The look-up allows 60 a minute from one address (lookupLimits.search).
    for (let i = 0; i < 60; i++) {
      const res = await call(t, 'GET', `/api/stickers/search/${sticker.signRef}`, { remoteAddress: spender });
      expect(res.statusCode).toBe(200);
    }
    const spent = await visit(`/sign/${sticker.signRef}`, 'signs.localhost', spender);
    expect(spent.status).toBe(429);
    expect(spent.headers['cache-control']).toBe('no-store');
    expect(spent.headers['x-cache']).toBe('MISS');

    const next = await visit(`/sign/${sticker.signRef}`, 'signs.localhost', '198.51.100.24');
    expect(next.status).toBe(200);
    expect(next.headers['x-cache']).toBe('MISS');
    expect(next.body).toMatch(/<h1[^>]*>Harbour Watch Ltd<\/h1>/);

    // The good page is what is kept: the visitor whose budget is spent now gets it from the cache.
    const again = await visit(`/sign/${sticker.signRef}`, 'signs.localhost', spender);
    expect(again.status).toBe(200);
    expect(again.headers['x-cache']).toBe('HIT');
    expect(again.body).toMatch(/<h1[^>]*>Harbour Watch Ltd<\/h1>/);
    // The cache's keys stay with the cache.
    expect(again.headers['surrogate-key']).toBeUndefined();
  });

  it('two brands never share an entry, and the brand comes from the configured host, never X-Forwarded-Host (finding 2)', async () => {
    const forged = await visit('/', 'signs.localhost', '198.51.100.40', {
      'x-forwarded-host': 'dvr.localhost',
    });
    expect(forged.status).toBe(200);
    expect(forged.headers['x-cache']).toBe('MISS');
    expect(canonical(forged)).toBe('http://signs.localhost:3000/');

    const dvr = await visit('/', 'dvr.localhost', '198.51.100.41');
    expect(dvr.status).toBe(200);
    expect(dvr.headers['x-cache']).toBe('MISS');
    expect(canonical(dvr)).toBe('http://dvr.localhost:3000/');
    expect(dvr.body).not.toBe(forged.body);

    const signs = await visit('/', 'signs.localhost', '198.51.100.42', {
      'x-forwarded-host': 'signs.evil.example',
    });
    expect(signs.headers['x-cache']).toBe('HIT');
    expect(canonical(signs)).toBe('http://signs.localhost:3000/');
    const dvrAgain = await visit('/', 'dvr.localhost', '198.51.100.43', {
      'x-forwarded-host': 'signs.localhost',
    });
    expect(dvrAgain.headers['x-cache']).toBe('HIT');
    expect(canonical(dvrAgain)).toBe('http://dvr.localhost:3000/');

    // A host nobody configured gets the default brand with its canonical links, whatever it forwards.
    const stranger = await visit('/', 'signs.evil.example', '198.51.100.44', {
      'x-forwarded-host': 'dvr.evil.example',
    });
    expect(stranger.status).toBe(200);
    expect(canonical(stranger)).toBe('http://signs.localhost:3000/');
    expect(stranger.body).not.toContain('evil.example');
  });

  it('withdrawing a phone number purges it: the next request through Varnish no longer shows it (finding 8)', async () => {
    const a = await signedIn(t, { companyName: 'Quayside Parking Ltd' });
    const settings = {
      siteId: null,
      showEmail: false,
      showAddress: false,
      showRelay: true,
      email: '',
      address: '',
      isHomeAddress: false,
      homeAddressConsent: false,
      contactText: '',
    };
    const phone = '0113 496 0555';
    const published = await send(t, 'PUT', '/api/contact/publication', a.token, {
      ...settings,
      showPhone: true,
      phone,
    });
    expect(published.statusCode).toBe(200);
    const page = `/sign/${a.sticker.signRef}`;
    const lookUp = `/api/public/sign/${a.sticker.signRef}`;
    // Kept by Varnish once the publication's own purge has passed.
    let shown: Answer | undefined;
    const until = Date.now() + 10_000;
    for (;;) {
      shown = await visit(page, 'signs.localhost', '198.51.100.60');
      if (shown.headers['x-cache'] === 'HIT' && shown.body.includes(phone)) break;
      if (Date.now() > until) throw new Error('the page with the phone number was never kept');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const json = await visit(lookUp, 'signs.localhost', '198.51.100.61');
    expect(json.body).toContain(phone);
    expect((await visit(lookUp, 'signs.localhost', '198.51.100.62')).headers['x-cache']).toBe('HIT');

    const withdrawnAt = Date.now();
    const withdrawn = await send(t, 'PUT', '/api/contact/publication', a.token, {
      ...settings,
      showPhone: false,
      phone: '',
    });
    expect(withdrawn.statusCode).toBe(200);
    // The notification travels through the database, the purge to Varnish: well under the
    // page's shared life of 30 s, which alone would also make it go.
    let after: Answer;
    for (;;) {
      after = await visit(page, 'signs.localhost', '198.51.100.63');
      if (!after.body.includes(phone)) break;
      expect(Date.now() - withdrawnAt).toBeLessThan(5000);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(after.status).toBe(200);
    expect(after.headers['x-cache']).toBe('MISS');
    expect(after.body).toMatch(/<h1[^>]*>Quayside Parking Ltd<\/h1>/);
    const jsonAfter = await visit(lookUp, 'signs.localhost', '198.51.100.64');
    expect(jsonAfter.status).toBe(200);
    expect(jsonAfter.body).not.toContain(phone);
    expect(Date.now() - withdrawnAt).toBeLessThan(5000);
  });
});
