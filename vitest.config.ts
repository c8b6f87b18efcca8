import { defineConfig } from 'vitest/config';
import { lexedMarkdown } from './apps/web/lexed-markdown';

const apiInclude = ['apps/api/src/**/*.test.ts'];

// Each project extends the root options (timeouts). The API suite runs on the embedded database, and again on a PostgreSQL server when
// TEST_DATABASE_URL is set (CI starts a throw-away cluster for it).
//
// The Node projects run their files one after another in a worker's one module graph
// (`isolate: false`): every API test file builds its own app on a database of its own, so nothing
// of one file's state is another's, and loading the modules (and the embedded database's template)
// once per worker instead of once per file takes about a fifth off the Vitest stage. The web project
// keeps a fresh module graph per file: its files mock modules and share a document.
const apiProjects = [
  {
    extends: true as const,
    test: {
      name: 'api-pglite',
      include: apiInclude,
      environment: 'node',
      isolate: false,
      env: { TEST_DB: 'pglite' },
    },
  },
  ...(process.env.TEST_DATABASE_URL
    ? [
        {
          extends: true as const,
          test: {
            name: 'api-postgres',
            include: apiInclude,
            environment: 'node',
            isolate: false,
            env: { TEST_DB: 'postgres' },
          },
        },
      ]
    : []),
];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // One test file per core (Vitest's own default leaves one core free). The API tests spend
    // much of their time waiting on a database, so on a 2-core machine this takes the Vitest
    // stage from about 15.5 to about 12 minutes.
    maxWorkers: '100%',
    projects: [
      {
        extends: true as const,
        test: {
          name: 'packages',
          include: ['packages/*/src/**/*.test.ts', 'scripts/**/*.test.ts', 'apps/web/*.test.ts'],
          environment: 'node',
          isolate: false,
        },
      },
      {
        extends: true as const,
        // The `?lexed` imports of Markdown, as in the build (apps/web/vite.config.ts).
        plugins: [lexedMarkdown()],
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
        },
      },
      ...apiProjects,
    ],
  },
});
