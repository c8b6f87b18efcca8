import { execFile } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../env';
import { type RunningServer, startServer } from '../start-server';
import { addSticker, signUpPayload } from '../test/accounts';
import { freePort } from '../test/free-port';
import { testEnv } from '../test/test-app';
import { type HttpAnswer, httpCall, until } from './support';

const run = promisify(execFile);
const clusterScript = path.join(repoRoot, 'scripts/pg-test-cluster.sh');

/** A PostgreSQL cluster of this test's own, so stopping it disturbs no other test. */
async function ownCluster(stateFile: string) {
  const env = { ...process.env, PG_TEST_STATE: stateFile };
  const { stdout } = await run(clusterScript, ['start'], { env });
  const state = Object.fromEntries(
    (await readFile(stateFile, 'utf8'))
      .trim()
      .split('\n')
      .map((line) => line.split('=', 2) as [string, string]),
  );
  const dir = state.PG_TEST_DIR ?? '';
  const pgCtl = path.join(state.PG_TEST_BIN ?? '', 'pg_ctl');
  // PostgreSQL refuses to run as root; the script hands the cluster to the postgres account.
  const asPg = (command: string) =>
    process.getuid?.() === 0
      ? run('su', ['postgres', '-s', '/bin/sh', '-c', command])
      : run('sh', ['-c', command]);
  const options = `-p ${state.PG_TEST_PORT} -k '${dir}' -c listen_addresses=127.0.0.1 -c fsync=off`;
  return {
    url: stdout.trim(),
    /** A fast shutdown: sessions are ended, transactions in progress rolled back. */
    stop: () => asPg(`'${pgCtl}' -D '${dir}/data' -m fast -w stop`),
    start: () => asPg(`'${pgCtl}' -D '${dir}/data' -w -t 60 -o "${options}" -l '${dir}/log' start`),
    remove: () => run(clusterScript, ['stop'], { env }),
  };
}

type Cluster = Awaited<ReturnType<typeof ownCluster>>;

let clientAddress = 0;
/** Each sign-up from an address of its own, so the per-address limit never answers instead. */
const nextAddress = () => {
  clientAddress += 1;
  return `127.0.${10 + Math.floor(clientAddress / 250)}.${1 + (clientAddress % 250)}`;
};

// Needs the PostgreSQL test server (CI always has one), whichever project runs it.
describe.runIf(process.env.TEST_DATABASE_URL !== undefined)('PostgreSQL restarted under load', () => {
  let cluster: Cluster | undefined;
  let server: RunningServer;
  let port: number;

  beforeAll(async () => {
    const stateDir = await mkdtemp(path.join(os.tmpdir(), 'pg-restart-'));
    cluster = await ownCluster(path.join(stateDir, 'cluster.env'));
    server = await startServer({
      env: testEnv({ port: await freePort(), databaseUrl: cluster.url }),
      logger: false,
    });
    port = Number(new URL(server.address).port);
  });

  afterAll(async () => {
    await server?.close();
    await cluster?.remove();
  });

  const signUp = async (sticker: { signRef: string; prefixNo: string }) =>
    httpCall(port, '/api/users/add', { body: signUpPayload(sticker), localAddress: nextAddress() });

  /** A server error must be a clean JSON answer the web app can show. */
  const expectCleanFailure = (answer: HttpAnswer) => {
    expect(answer.status).toBe(503);
    expect(answer.json).toEqual({ message: expect.any(String) });
  };

  it('answers 503 while the database is down, recovers by itself, and leaves no half registration', async () => {
    const stickers = await Promise.all(Array.from({ length: 150 }, () => addSticker(server.db)));
    expect((await signUp(stickers.pop() ?? { signRef: '', prefixNo: '' })).json).toMatchObject({
      success: true,
    });

    // A steady stream of sign-ups, four at a time, across the stop and the restart.
    const answers: HttpAnswer[] = [];
    let streaming = true;
    const stream = Promise.all(
      [1, 2, 3, 4].map(async () => {
        while (streaming) {
          const sticker = stickers.pop();
          if (!sticker) return;
          const answer = await signUp(sticker).catch((error: unknown) => ({
            status: 0,
            body: String(error),
            json: undefined,
          }));
          answers.push(answer);
          // While it fails, a pause, so the stream goes on through the restart.
          if (answer.status !== 200) await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }),
    );
    try {
      await until(() => answers.length >= 4);
      await cluster?.stop();

      expectCleanFailure(await httpCall(port, '/api/ready'));
      expectCleanFailure(await signUp({ signRef: 'TDOWN-TEST-SIGN', prefixNo: 'TST12345' }));
      expectCleanFailure(
        await httpCall(port, '/api/users/login', {
          body: { userName: 'someone', password: 'whatever it is' },
          localAddress: nextAddress(),
        }),
      );

      await cluster?.start();
      await until(async () => (await httpCall(port, '/api/ready')).status === 200, 100);
    } finally {
      streaming = false;
      await stream;
    }

    expect(answers.some((answer) => answer.status === 503)).toBe(true);
    for (const answer of answers) {
      if (answer.status === 200) expect(answer.json).toMatchObject({ success: true });
      else expectCleanFailure(answer);
    }
    const sticker = await addSticker(server.db);
    expect((await signUp(sticker)).json).toMatchObject({ success: true });

    const incomplete = await server.db.query(
      `select c.id from companies c
        where not exists (select 1 from users u where u.company_id = c.id)
           or not exists (select 1 from sites s where s.company_id = c.id)
           or not exists (select 1 from stickers k where k.company_id = c.id)`,
    );
    expect(incomplete).toEqual([]);
    const registered = await server.db.one<{ companies: number; linked: number }>(
      `select (select count(*) from companies) as companies,
              (select count(*) from stickers where site_id is not null) as linked`,
    );
    expect(registered.companies).toBe(registered.linked);
    expect(registered.companies).toBeGreaterThanOrEqual(2);
  });
});
