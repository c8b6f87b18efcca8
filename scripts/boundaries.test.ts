import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  apiRouteSources,
  appSources,
  cycles,
  databaseCallsInRoutes,
  describeChain,
  folderCycles,
  importGraph,
  longestChain,
  moduleGraph,
  root,
  ruleBreaks,
  testImportBreaks,
} from './boundaries';

/** The one field kit of the web app (issue 34): every field, form message and error summary is drawn there. */
const FIELD_KIT = ['apps/web/src/components/form-fields.tsx', 'apps/web/src/components/form-status.tsx'];

/** The components the kit exports (its helpers, such as fieldId, aside), by their names. */
const kitNames = (sources: Map<string, string>) =>
  FIELD_KIT.flatMap((file) =>
    [...(sources.get(join(root, file)) ?? '').matchAll(/^export (?:function|const) ([A-Z]\w+)/gm)].map(
      (m) => m[1],
    ),
  );

/** Each web file but the kit's own (tests aside) that defines one of the kit's components again. */
function fieldKitCopies(sources: Map<string, string>): string[] {
  const names = kitNames(sources);
  const copies: string[] = [];
  for (const [file, text] of sources) {
    const f = relative(root, file);
    if (!f.startsWith('apps/web/src/') || FIELD_KIT.includes(f) || /\.test\.tsx?$|test-harness/.test(f))
      continue;
    for (const name of names) {
      if (new RegExp(`^(?:export )?(?:function|const) ${name}\\b`, 'm').test(text))
        copies.push(`${f} defines ${name} (the field kit is components/form-fields.tsx and form-status.tsx)`);
    }
  }
  return copies.sort();
}

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

  it('has no app file, test or not, importing from e2e/ or a test-helpers file', () => {
    const sources = appSources();
    expect(sources.size).toBeGreaterThan(graph.size);
    expect(testImportBreaks(sources)).toEqual([]);
  });

  it('has one field kit: no web file but the kit defines a field, a form message or a summary of its own', () => {
    const sources = appSources();
    expect(kitNames(sources)).toEqual(
      expect.arrayContaining(['TextField', 'PasswordField', 'TextAreaField', 'NumberField', 'CheckboxField']),
    );
    expect(kitNames(sources)).toEqual(expect.arrayContaining(['FormStatus', 'FormProblems']));
    expect(fieldKitCopies(sources)).toEqual([]);
  });

  it('would catch a feature drawing a field kit of its own', () => {
    const at = (path: string) => join(root, path);
    const fake = new Map<string, string>([
      [at(FIELD_KIT[0] ?? ''), 'export function TextField() {}\nexport const fieldId = () => 1;'],
      [at('apps/web/src/features/sites/ids.ts'), 'export const fieldId = () => 2;'],
      [at(FIELD_KIT[1] ?? ''), 'export function FormStatus() {}'],
      [
        at('apps/web/src/features/sites/fields.tsx'),
        'export function TextField() {}\nfunction FormStatus() {}',
      ],
      [
        at('apps/web/src/features/sites/page.tsx'),
        "import { TextField } from '../../components/form-fields';",
      ],
      [at('apps/web/src/features/sites/page.test.tsx'), 'function TextField() {}'],
      [at('apps/api/src/modules/sites/service.ts'), 'export function TextField() {}'],
    ]);
    expect(fieldKitCopies(fake)).toEqual([
      'apps/web/src/features/sites/fields.tsx defines FormStatus (the field kit is components/form-fields.tsx and form-status.tsx)',
      'apps/web/src/features/sites/fields.tsx defines TextField (the field kit is components/form-fields.tsx and form-status.tsx)',
    ]);
  });

  it('has no import cycle', () => {
    expect(cycles(graph).map((cycle) => cycle.join(' | '))).toEqual([]);
  });

  it('has no ring between API module folders', () => {
    expect(folderCycles(moduleGraph(graph))).toEqual([]);
  });

  it('has no chain of API module folders longer than 5', () => {
    const modules = moduleGraph(graph);
    expect(modules.size).toBeGreaterThan(15);
    const chain = longestChain(modules);
    expect(chain.length, describeChain(modules, chain)).toBeLessThanOrEqual(5);
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

  it('would catch an app importing from e2e/, and a test-helpers file imported outside src/test', () => {
    const at = (path: string) => join(root, path);
    const fake = new Map<string, string>([
      [
        at('apps/api/src/modules/mail/mail.test.ts'),
        [
          "import { readOutbox } from '../../../../../e2e/support/outbox';",
          "import { call } from '../users/test-helpers';",
          "import { signedIn } from '../../test/accounts';",
        ].join('\n'),
      ],
      [
        at('apps/web/src/features/sites/sites.test.tsx'),
        "const { E2E_DATA_DIR } = await import('../../../../../e2e/support/env');",
      ],
      [at('apps/api/src/test/accounts.ts'), "import type { TestApp } from './test-helpers';"],
      [
        at('apps/api/src/production/behind-varnish.test.ts'),
        "const VCL = path.join(repoRoot, 'e2e/varnish');",
      ],
      [at('e2e/journeys.spec.ts'), "import { start } from '../apps/api/src/test/test-helpers';"],
    ]);
    expect(testImportBreaks(fake)).toEqual([
      'apps/api/src/modules/mail/mail.test.ts -> apps/api/src/modules/users/test-helpers (a shared test helper lives in apps/api/src/test/, not in a test-helpers file)',
      "apps/api/src/modules/mail/mail.test.ts -> e2e/support/outbox (an app imports nothing of e2e/: the API's test helpers live in src/test/)",
      "apps/web/src/features/sites/sites.test.tsx -> e2e/support/env (an app imports nothing of e2e/: the API's test helpers live in src/test/)",
    ]);
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

  it('would catch a ring of module folders and name the imports around it', () => {
    const at = (path: string) => join(root, 'apps/api/src/modules', path);
    const fake = new Map<string, string[]>([
      [at('users/service.ts'), [at('stickers/repository.ts')]],
      [at('stickers/service.ts'), [at('sites/repository.ts'), at('stickers/repository.ts')]],
      [at('sites/service.ts'), [at('users/repository.ts')]],
      [at('print/service.ts'), [at('sites/repository.ts')]],
    ]);
    expect(folderCycles(moduleGraph(fake))).toEqual([
      'sites -> users (sites/service.ts -> users/repository.ts); ' +
        'stickers -> sites (stickers/service.ts -> sites/repository.ts); ' +
        'users -> stickers (users/service.ts -> stickers/repository.ts)',
    ]);
  });

  it('would catch a chain of six module folders and name each arrow of it', () => {
    const at = (path: string) => join(root, 'apps/api/src/modules', path);
    const six = ['print', 'lookup', 'publication', 'sites', 'users', 'auth'];
    const fake = new Map<string, string[]>(
      six.map((module, i) => [
        at(`${module}/service.ts`),
        six[i + 1] ? [at(`${six[i + 1]}/repository.ts`)] : [],
      ]),
    );
    const modules = moduleGraph(fake);
    expect(longestChain(modules)).toEqual(six);
    expect(describeChain(modules, longestChain(modules))).toBe(
      [
        '6 module folders: print -> lookup -> publication -> sites -> users -> auth',
        '  print -> lookup (print/service.ts -> lookup/repository.ts)',
        '  lookup -> publication (lookup/service.ts -> publication/repository.ts)',
        '  publication -> sites (publication/service.ts -> sites/repository.ts)',
        '  sites -> users (sites/service.ts -> users/repository.ts)',
        '  users -> auth (users/service.ts -> auth/repository.ts)',
      ].join('\n'),
    );
    fake.delete(at('print/service.ts'));
    expect(longestChain(moduleGraph(fake))).toHaveLength(5);
  });
});
