// The Vitest configuration of a mutation run (decision 0060, fourth measurement); `npm test` keeps
// vitest.config.ts. It holds only the test files of the module being mutated (stryker.config.mjs
// `mutationModules`, picked by MUTATION_MODULE), so Stryker needs no `testFiles` option: with one,
// Stryker 9.6.1 gives every static mutant that list as its test filter and so switches it on only
// in a `beforeAll`, after the test file's imports have built the schemas and tables without it
// (stryker-js issue 6144). Without it a static mutant runs every test here, switched on before
// anything is imported.
import type { RunnerTestCase } from 'vitest';
import { defineConfig } from 'vitest/config';
import type { Reporter, Vitest } from 'vitest/node';
import { lexedMarkdown } from './apps/web/lexed-markdown';
import { mutationModules } from './stryker.config.mjs';

const moduleName = process.env.MUTATION_MODULE ?? 'contract';
const chosen = mutationModules[moduleName];
if (!chosen) throw new Error(`No mutation module named "${moduleName}"`);

const web = chosen.environment === 'jsdom';

/**
 * A test file whose imports throw collects no tests, and Stryker's Vitest runner (9.6.1) builds a
 * mutant's result from the tests alone, so a mutant that stops a module from loading (a Zod
 * discriminated union built with an option that lacks its key throws as the module loads) was
 * reported Survived though every test of the file fails (stryker-js issue 6150; decision 0060,
 * fifth measurement). Such a file is given one failed test, "loads", carrying the file's error.
 */
class LoadFailuresAsFailedTests implements Reporter {
  private vitest: Vitest | undefined;

  onInit(vitest: Vitest) {
    this.vitest = vitest;
  }

  onTestRunEnd() {
    for (const file of this.vitest?.state.getFiles() ?? []) {
      if (file.result?.state !== 'fail' || file.tasks.length > 0) continue;
      const loads: Omit<RunnerTestCase, 'context'> = {
        type: 'test',
        id: `${file.id}_loads`,
        name: 'loads',
        fullName: `${file.name} > loads`,
        fullTestName: 'loads',
        mode: 'run',
        meta: {},
        file,
        timeout: 0,
        annotations: [],
        artifacts: [],
        result: { state: 'fail', errors: file.result.errors ?? [] },
      };
      // Vitest types a test with the context it builds to run one; this one never runs.
      file.tasks.push(loads as RunnerTestCase);
    }
  }
}

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
    reporters: ['default', new LoadFailuresAsFailedTests()],
  },
});
