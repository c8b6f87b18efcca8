// `npm run build:api`: the API server as one JavaScript file, apps/api/dist/server.js, which
// production runs with plain `node` (no TypeScript loader at run time). esbuild bundles our own
// TypeScript (apps/api/src and the workspace packages @app/*) and leaves every package from
// node_modules as an import, resolved by Node from node_modules when the server starts.
// apps/api/dist sits as deep as apps/api/src, so paths the code works out from its own location
// (the repository root) are the same in both; the SQL migrations and the content are read from
// the repository, not copied.
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const apiEntry = path.join(root, 'apps/api/src/server.ts');
export const apiOutFile = path.join(root, 'apps/api/dist/server.js');

/** Bare imports stay imports, except our workspace packages (TypeScript sources): those are bundled. */
const keepPackagesExternal = {
  name: 'keep-packages-external',
  setup(api) {
    api.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@app/') ? undefined : { path: args.path, external: true },
    );
  },
};

/** Builds apps/api/dist/server.js (and its source map) from apps/api/src. */
export async function buildApi({ outfile = apiOutFile } = {}) {
  const result = await build({
    entryPoints: [apiEntry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: 'linked',
    // Stack traces name our functions and classes as written.
    keepNames: true,
    logLevel: 'warning',
    plugins: [keepPackagesExternal],
    write: false,
  });
  // Each file is written aside and renamed into place, so a server starting meanwhile (another
  // `npm start` in the same checkout) reads the old build or the new one, never half of one.
  await mkdir(path.dirname(outfile), { recursive: true });
  for (const file of result.outputFiles) {
    const aside = `${file.path}.${process.pid}.tmp`;
    await writeFile(aside, file.contents);
    await rename(aside, file.path);
  }
  return outfile;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const outfile = await buildApi({ outfile: process.argv[2] ? path.resolve(process.argv[2]) : apiOutFile });
  console.log(`Built ${path.relative(process.cwd(), outfile)}`);
}
