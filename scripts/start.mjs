// `npm start`: build the web app and the API server when their sources are newer than their
// builds, then run the server (which migrates, seeds and serves web + API). Signals go to the
// server and its exit code is ours.
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The server renderer is built last (npm run build -w @app/web), so it dates the whole build.
const builtIndex = path.join(root, 'apps/web/dist/.ssr/entry-server.js');
const buildInputs = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/public',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'packages/brands/src',
  'packages/contract/src',
  // The sister sites' home pages bundle their words (docs/decisions/0026).
  ...['dvr', 'voice', 'nvr', 'anpr', 'multiplexer', 'ipcam'].map((brand) => `content/${brand}/home.json`),
].map((p) => path.join(root, p));

/** The newest modification time under a file or folder (0 when it does not exist). */
function newestChange(target) {
  let stats;
  try {
    stats = statSync(target);
  } catch {
    return 0;
  }
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules') continue;
    newest = Math.max(newest, newestChange(path.join(target, entry)));
  }
  return newest;
}

function buildReason() {
  let builtAt;
  try {
    builtAt = statSync(builtIndex).mtimeMs;
  } catch {
    return 'the web app has not been built yet';
  }
  const changed = buildInputs.find((input) => newestChange(input) > builtAt);
  return changed ? `${path.relative(root, changed)} changed since the last build` : undefined;
}

const reason = buildReason();
if (reason) {
  console.log(`Building the web app (${reason})...`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const build = spawnSync(npm, ['run', 'build', '-w', '@app/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error(
      '\nThe web app could not be built (`npm run build -w @app/web` failed, see above), so the server was not started.\n' +
        'Fix the error in apps/web and run `npm start` again.',
    );
    process.exit(build.status || 1);
  }
} else {
  console.log('The web app build is up to date.');
}

// The API server runs as compiled JavaScript (scripts/build-api.mjs), rebuilt when its sources
// or the workspace packages changed since.
const apiInputs = [
  'apps/api/src',
  'apps/api/package.json',
  'packages/brands/src',
  'packages/contract/src',
  'scripts/build-api.mjs',
];
const apiOutFile = path.join(root, 'apps/api/dist/server.js');
const apiBuiltAt = newestChange(apiOutFile);
const apiChanged = apiInputs.map((p) => path.join(root, p)).find((input) => newestChange(input) > apiBuiltAt);
if (apiBuiltAt === 0 || apiChanged) {
  console.log(
    `Building the API server (${apiBuiltAt === 0 ? 'it has not been built yet' : `${path.relative(root, apiChanged)} changed since the last build`})...`,
  );
  try {
    // Loaded only to build: a server already built runs without esbuild installed.
    const { buildApi } = await import('./build-api.mjs');
    await buildApi();
  } catch (error) {
    console.error(`\nThe API server could not be built (see above), so it was not started: ${error.message}`);
    process.exit(1);
  }
} else {
  console.log('The API server build is up to date.');
}

// Its own process group, so a Ctrl-C reaches the server once (forwarded below), not twice. The
// IPC channel lets the server notice if this process dies without passing a signal on.
const server = spawn(process.execPath, ['--enable-source-maps', apiOutFile], {
  cwd: root,
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  detached: true,
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (server.exitCode === null && server.signalCode === null) server.kill(signal);
  });
}

server.on('exit', (code, signal) => {
  process.exitCode = code ?? (signal === 'SIGINT' ? 130 : signal === 'SIGTERM' ? 143 : 1);
});
server.on('error', (error) => {
  console.error(`The server could not be started: ${error.message}`);
  process.exitCode = 1;
});
