// The Vitest configuration of a mutation run (decision 0060, fourth measurement); `npm test` keeps
// vitest.config.ts. It holds only the test files of the module being mutated (stryker.config.mjs
// `mutationModules`, picked by MUTATION_MODULE), so Stryker needs no `testFiles` option: with one,
// Stryker 9.6.1 gives every static mutant that list as its test filter and so switches it on only
// in a `beforeAll`, after the test file's imports have built the schemas and tables without it
// (stryker-js issue 6144). Without it a static mutant runs every test here, switched on before
// anything is imported.
import { defineConfig } from 'vitest/config';
import { lexedMarkdown } from './apps/web/lexed-markdown';
import { mutationModules } from './stryker.config.mjs';

const moduleName = process.env.MUTATION_MODULE ?? 'contract';
const chosen = mutationModules[moduleName];
if (!chosen) throw new Error(`No mutation module named "${moduleName}"`);

const web = chosen.environment === 'jsdom';

export default defineConfig({
  // The web forms' tests run as the web project runs them (vitest.config.ts): Markdown imported
  // `?lexed`, a document, the web's setup file.
  plugins: web ? [lexedMarkdown()] : [],
  test: {
    include: chosen.testFiles,
    environment: web ? 'jsdom' : 'node',
    ...(web ? { setupFiles: ['apps/web/src/test/setup.ts'] } : {}),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // One module graph for all the files of a run (a quarter of the time of one per file). Each
    // mutant's run still loads the modules afresh: Vitest 4.1 stops a run's worker when the run
    // ends, so a static mutant's schemas are never taken from an earlier mutant's run. The web's
    // files mock modules and share a document, so each keeps a graph of its own, as in `npm test`.
    isolate: web,
  },
});
