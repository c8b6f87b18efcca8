/**
 * Builds the IPCam Scout Planner, content/ipcam/downloads/ipcam-scout-planner.html: template.html
 * with the sums of planner.ts and the form code of page.ts inlined as one script, and the version
 * and date of its catalogue entry in content/ipcam/products.json. One file, nothing to fetch.
 *
 *   npm run build:planner            writes the file
 *   npm run build:planner -- --check fails when the file is not what the sources make
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatUkDate } from '@app/contract/dates';
import ts from 'typescript';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');
export const plannerFile = path.join(repoRoot, 'content/ipcam/downloads/ipcam-scout-planner.html');
const plannerName = path.basename(plannerFile);

/** TypeScript to a plain script: types removed, imports and exports dropped (the files are inlined together). */
async function scriptOf(file: string): Promise<string> {
  const source = await readFile(path.join(here, file), 'utf8');
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: { target: ts.ScriptTarget.ES2020, module: ts.ModuleKind.ESNext, removeComments: true },
  });
  return outputText
    .replace(/^import .*;\n/gm, '')
    .replace(/^export \{\};\n/gm, '')
    .replace(/^export /gm, '')
    .trim();
}

/** The planner's catalogue entry: its version and release date. */
async function catalogueEntry(): Promise<{ version: string; released: string }> {
  const products = JSON.parse(await readFile(path.join(repoRoot, 'content/ipcam/products.json'), 'utf8')) as {
    downloads: { file: string; version?: string; released?: string }[];
  }[];
  const entry = products.flatMap((p) => p.downloads).find((d) => d.file === plannerName);
  if (!entry?.version || !entry.released)
    throw new Error(`content/ipcam/products.json has no ${plannerName} entry with a version and date`);
  return { version: entry.version, released: entry.released };
}

export async function buildPlanner(): Promise<string> {
  const [template, sums, page, entry] = await Promise.all([
    readFile(path.join(here, 'template.html'), 'utf8'),
    scriptOf('planner.ts'),
    scriptOf('page.ts'),
    catalogueEntry(),
  ]);
  const script = `(() => {\n'use strict';\n${sums}\n${page}\nstartPlanner();\n})();`;
  if (script.includes('</script')) throw new Error('the planner script may not contain </script');
  return template
    .replaceAll('{{version}}', entry.version)
    .replaceAll('{{released}}', formatUkDate(entry.released))
    .replace('{{script}}', () => script);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const built = await buildPlanner();
  if (process.argv.includes('--check')) {
    const current = await readFile(plannerFile, 'utf8').catch(() => '');
    if (current !== built) {
      console.error(`${path.relative(repoRoot, plannerFile)} is out of date: run npm run build:planner`);
      process.exit(1);
    }
  } else {
    await writeFile(plannerFile, built);
    console.log(`wrote ${path.relative(repoRoot, plannerFile)} (${Buffer.byteLength(built)} bytes)`);
  }
}
