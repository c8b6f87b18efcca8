import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiRouteSources, cycles, databaseCallsInRoutes, importGraph, root, ruleBreaks } from './boundaries';

describe('the architecture (docs/architecture.md)', () => {
  const graph = importGraph();

  it('reads the imports of every source file of the apps and packages', () => {
    expect(graph.size).toBeGreaterThan(300);
  });

  it('has no import that breaks a rule', () => {
    expect(ruleBreaks(graph)).toEqual([]);
  });

  it('has no database call in an API route file', () => {
    const sources = apiRouteSources();
    expect(sources.size).toBeGreaterThan(15);
    expect(databaseCallsInRoutes(sources)).toEqual([]);
  });

  it('has no import cycle', () => {
    expect(cycles(graph).map((cycle) => cycle.join(' | '))).toEqual([]);
  });

  it('would catch each kind of forbidden import', () => {
    const at = (path: string) => join(root, path);
    const fake = new Map<string, string[]>([
      [
        at('apps/web/src/features/sites/page.tsx'),
        [at('apps/web/src/features/account/form.tsx'), at('apps/web/src/app/layout.tsx')],
      ],
      [at('apps/api/src/plugins/brand.ts'), [at('apps/api/src/modules/sites/service.ts')]],
      [at('apps/api/src/db/migrate.ts'), [at('apps/api/src/modules/users/repository.ts')]],
      [at('apps/api/src/modules/qr/routes.ts'), [at('apps/api/src/modules/lookup/routes.ts')]],
      [at('apps/api/src/modules/qr/service.ts'), [at('apps/api/src/modules/qr/routes.ts')]],
      [at('apps/api/src/modules/sites/site-routes.ts'), [at('apps/api/src/db/db.ts')]],
      [at('apps/api/src/modules/sites/repository.ts'), [at('apps/api/src/db/db.ts')]],
      [
        at('apps/api/src/modules/print/routes.ts'),
        [at('apps/api/src/modules/lookup/repository.ts'), at('apps/api/src/modules/print/service.ts')],
      ],
      [at('apps/api/src/modules/sites/routes.ts'), [at('apps/api/src/modules/sites/repository.ts')]],
      [at('apps/api/src/modules/sites/service.ts'), [at('apps/api/src/modules/users/repository.ts')]],
      [at('apps/web/src/lib/a.ts'), [at('apps/web/src/lib/b.ts')]],
      [at('apps/web/src/lib/b.ts'), [at('apps/web/src/lib/a.ts')]],
    ]);
    expect(ruleBreaks(fake)).toEqual([
      'apps/api/src/db/migrate.ts -> apps/api/src/modules/users/repository.ts (plugins/ and db/ import no module)',
      'apps/api/src/modules/print/routes.ts -> apps/api/src/modules/lookup/repository.ts (a route calls its service, not a repository)',
      "apps/api/src/modules/qr/routes.ts -> apps/api/src/modules/lookup/routes.ts (a module imports another module's routes)",
      'apps/api/src/modules/sites/routes.ts -> apps/api/src/modules/sites/repository.ts (a route calls its service, not a repository)',
      'apps/api/src/modules/sites/site-routes.ts -> apps/api/src/db/db.ts (a route runs no SQL: its service does)',
      'apps/api/src/plugins/brand.ts -> apps/api/src/modules/sites/service.ts (plugins/ and db/ import no module)',
      'apps/web/src/features/sites/page.tsx -> apps/web/src/app/layout.tsx (a feature imports app/)',
      'apps/web/src/features/sites/page.tsx -> apps/web/src/features/account/form.tsx (a feature imports another feature)',
    ]);
    expect(cycles(fake)).toEqual([['apps/web/src/lib/a.ts', 'apps/web/src/lib/b.ts']]);
  });

  it('would catch each database call in a route file, and none in words, paths or a service', () => {
    const at = (path: string) => join(root, path);
    const fake = new Map<string, string>([
      [
        at('apps/api/src/modules/sites/routes.ts'),
        [
          "app.get('/api/sites/*', async () => app.db.query<{ id: number }>('select id from sites'));",
          'const site = await tx.maybeOne(sql, [id]); await q.one(sql); await db.prepared(name, sql, []);',
          'return app.db.transaction(async (tx) => tx.query(sql));',
          '// not app.db.query(), a comment',
          '/** nor request.server.db.one(), a doc comment */',
          "const link = 'https://example.org/'; await app.db.one(sql);",
        ].join('\n'),
      ],
      [at('apps/api/src/modules/sites/service.ts'), 'return db.query(sql);'],
      [at('apps/api/src/modules/sites/routes.test.ts'), 'await t.db.query(sql);'],
    ]);
    const say = (call: string) =>
      `apps/api/src/modules/sites/routes.ts calls .${call}( (a route runs no SQL: its service does)`;
    expect(databaseCallsInRoutes(fake)).toEqual(
      ['maybeOne', 'one', 'one', 'prepared', 'query', 'query', 'transaction'].map(say),
    );
  });
});
