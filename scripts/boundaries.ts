// The architecture's rules, read from the imports of the source (docs/architecture.md):
//   - a web feature imports no other feature and nothing of app/;
//   - an API plugin or db/ file imports no module;
//   - a module's routes import no other module's routes;
//   - an API route file runs no SQL: it imports nothing of db/ and calls no database method;
//   - an API route file calls its service, never a repository (its own or another module's);
//   - no import cycle between files;
//   - no ring between module folders, and no chain of module folders longer than five.
// Test files are left out: a test may reach across to set up what it tests. Their own rules:
//   - no file of an app imports from e2e/ (the API's test helpers live in apps/api/src/test/);
//   - no file outside apps/api/src/test/ imports a `test-helpers` file (the old scattered helpers).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

export const root = resolve(import.meta.dirname, '..');

const SOURCE = /\.(ts|tsx)$/;
const TEST = /\.test\.(ts|tsx)$|\/test\/|test-(support|harness)\.tsx?$/;

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'dist') continue;
    if (statSync(path).isDirectory()) walk(path, out);
    else if (SOURCE.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s(?:[^'"]*?\sfrom\s)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Where a specifier points in the repository, or null for a package from node_modules. */
function resolveSpecifier(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith('.')) base = resolve(dirname(from), specifier);
  else if (specifier.startsWith('@app/contract/'))
    base = join(root, 'packages/contract/src', specifier.slice(14));
  else if (specifier === '@app/brands') base = join(root, 'packages/brands/src/index');
  else return null;
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    join(base, 'index.ts'),
    join(base, 'index.tsx'),
  ]) {
    try {
      if (statSync(candidate).isFile() && SOURCE.test(candidate)) return candidate;
    } catch {
      // not this one
    }
  }
  return null;
}

/** Every non-test source file of the apps and packages, with the repository files it imports. */
export function importGraph(): Map<string, string[]> {
  const files = ['apps/api/src', 'apps/web/src', 'packages/contract/src', 'packages/brands/src']
    .flatMap((dir) => walk(join(root, dir)))
    .filter((file) => !TEST.test(relative(root, file)));
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const targets: string[] = [];
    for (const match of text.matchAll(IMPORT)) {
      const target = resolveSpecifier(file, match[1] ?? match[2] ?? '');
      if (target && !TEST.test(relative(root, target))) targets.push(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

const rel = (file: string) => relative(root, file);
const webFeature = (file: string) => /^apps\/web\/src\/features\/([^/]+)\//.exec(rel(file))?.[1];
const apiModule = (file: string) => /^apps\/api\/src\/modules\/([^/]+)\//.exec(rel(file))?.[1];
/** A module's route file: `routes.ts`, or `<part>-routes.ts` beside it. */
const isApiRoutes = (file: string) =>
  /^apps\/api\/src\/modules\/[^/]+\/(?:[^/]+-)?routes\.ts$/.test(rel(file));

/** Each import that breaks a rule, as "from -> to (rule)". */
export function ruleBreaks(graph: Map<string, string[]>): string[] {
  const breaks: string[] = [];
  for (const [from, targets] of graph) {
    const f = rel(from);
    for (const to of targets) {
      const t = rel(to);
      const say = (rule: string) => breaks.push(`${f} -> ${t} (${rule})`);
      const feature = webFeature(from);
      if (feature) {
        const other = webFeature(to);
        if (other && other !== feature) say('a feature imports another feature');
        if (t.startsWith('apps/web/src/app/')) say('a feature imports app/');
      }
      if ((f.startsWith('apps/api/src/plugins/') || f.startsWith('apps/api/src/db/')) && apiModule(to))
        say('plugins/ and db/ import no module');
      const module = apiModule(from);
      if (module && /routes\.ts$/.test(t) && apiModule(to) && apiModule(to) !== module)
        say("a module imports another module's routes");
      if (isApiRoutes(from) && t.startsWith('apps/api/src/db/')) say('a route runs no SQL: its service does');
      if (isApiRoutes(from) && /^apps\/api\/src\/modules\/[^/]+\/repository\.ts$/.test(t))
        say('a route calls its service, not a repository');
    }
  }
  return breaks.sort();
}

/** The text of every source file of the apps, tests included, by path. */
export function appSources(): Map<string, string> {
  const files = readdirSync(join(root, 'apps')).flatMap((app) => walk(join(root, 'apps', app, 'src')));
  return new Map(files.map((file) => [file, readFileSync(file, 'utf8')]));
}

/**
 * Each import of an app's file (tests included) that reaches into e2e/, or into a `test-helpers`
 * file from outside apps/api/src/test/, as "from -> to (rule)". The path is taken as written, so
 * an import of a file that no longer exists is caught too.
 */
export function testImportBreaks(sources: Map<string, string>): string[] {
  const breaks: string[] = [];
  for (const [file, text] of sources) {
    const f = rel(file);
    if (!/^apps\/[^/]+\/src\//.test(f)) continue;
    for (const match of text.matchAll(IMPORT)) {
      const specifier = match[1] ?? match[2] ?? '';
      if (!specifier.startsWith('.')) continue;
      const t = rel(resolve(dirname(file), specifier));
      const say = (rule: string) => breaks.push(`${f} -> ${t} (${rule})`);
      if (t === 'e2e' || t.startsWith('e2e/'))
        say("an app imports nothing of e2e/: the API's test helpers live in src/test/");
      if (/(?:^|\/)test-helpers(?:\.tsx?)?$/.test(t) && !f.startsWith('apps/api/src/test/'))
        say('a shared test helper lives in apps/api/src/test/, not in a test-helpers file');
    }
  }
  return breaks.sort();
}

/** The text of every API route file, by path. */
export function apiRouteSources(): Map<string, string> {
  const files = walk(join(root, 'apps/api/src/modules')).filter(isApiRoutes);
  return new Map(files.map((file) => [file, readFileSync(file, 'utf8')]));
}

/**
 * A call of a database method (docs/architecture.md: `Queryable` and `Db`): `.query(`, `.one(`,
 * `.maybeOne(`, `.prepared(` or `.transaction(`, type arguments allowed. `.exec(` is left out, as
 * a regular expression's `exec` would be taken for it; the database's is for migrations and seeds.
 */
const DATABASE_CALL = /\.\s*(query|one|maybeOne|prepared|transaction)\s*(?:<[^()]*>)?\s*\(/g;
/**
 * Comments, so that words about a call are not taken for one: each begins a line or follows a
 * space, so a path such as '/media/*' or an address such as 'https://' is not taken for one.
 */
const COMMENT = /(?:^|\s)(?:\/\*[\s\S]*?\*\/|\/\/[^\n]*)/gm;

/** Each database call made in an API route file, as "file calls .method( (rule)", once per call. */
export function databaseCallsInRoutes(sources: Map<string, string>): string[] {
  const breaks: string[] = [];
  for (const [file, text] of sources) {
    if (!isApiRoutes(file)) continue;
    for (const match of text.replace(COMMENT, '').matchAll(DATABASE_CALL)) {
      breaks.push(`${rel(file)} calls .${match[1]}( (a route runs no SQL: its service does)`);
    }
  }
  return breaks.sort();
}

/**
 * The strongly connected parts of a graph of more than one node (Tarjan's algorithm): each is a
 * cycle, or several through the same nodes.
 */
function stronglyConnected(graph: Map<string, Iterable<string>>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    indices.set(node, index);
    low.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indices.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, indices.get(next) ?? 0));
      }
    }
    if (low.get(node) === indices.get(node)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member === undefined) break;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!indices.has(node)) visit(node);
  return found.sort((a, b) => a.length - b.length || (a[0] ?? '').localeCompare(b[0] ?? ''));
}

/** The import cycles between files, each as the list of files around it (smallest first). */
export function cycles(graph: Map<string, string[]>): string[][] {
  return stronglyConnected(graph).map((component) => component.map(rel).sort());
}

/**
 * The module folders and the folders each imports, with the first file import that makes each
 * arrow ("stickers/service.ts -> sites/repository.ts"), so a broken rule names a line to mend.
 */
export function moduleGraph(graph: Map<string, string[]>): Map<string, Map<string, string>> {
  const modules = new Map<string, Map<string, string>>();
  const short = (file: string) => rel(file).replace('apps/api/src/modules/', '');
  for (const [from, targets] of [...graph].sort(([a], [b]) => a.localeCompare(b))) {
    const module = apiModule(from);
    if (!module) continue;
    const arrows = modules.get(module) ?? new Map<string, string>();
    modules.set(module, arrows);
    for (const to of targets) {
      const other = apiModule(to);
      if (other && other !== module && !arrows.has(other))
        arrows.set(other, `${short(from)} -> ${short(to)}`);
    }
  }
  return modules;
}

const folderGraph = (modules: Map<string, Map<string, string>>) =>
  new Map([...modules].map(([module, arrows]) => [module, [...arrows.keys()].sort()]));

/** Each ring of module folders, as its arrows with the file import behind each. */
export function folderCycles(modules: Map<string, Map<string, string>>): string[] {
  return stronglyConnected(folderGraph(modules)).map((ring) =>
    ring
      .flatMap((module) =>
        [...(modules.get(module) ?? [])]
          .filter(([other]) => ring.includes(other))
          .map(([other, because]) => `${module} -> ${other} (${because})`),
      )
      .sort()
      .join('; '),
  );
}

/**
 * The longest chain of module folders, each importing the next (the first found, in the order of
 * their names); a folder appears once in a chain, so a ring does not make it endless.
 */
export function longestChain(modules: Map<string, Map<string, string>>): string[] {
  const next = folderGraph(modules);
  let longest: string[] = [];
  const walkFrom = (chain: string[]) => {
    if (chain.length > longest.length) longest = [...chain];
    for (const other of next.get(chain[chain.length - 1] ?? '') ?? []) {
      if (!chain.includes(other)) walkFrom([...chain, other]);
    }
  };
  for (const module of [...next.keys()].sort()) walkFrom([module]);
  return longest;
}

/** A chain with the file import behind each of its arrows. */
export function describeChain(modules: Map<string, Map<string, string>>, chain: string[]): string {
  const arrows = chain
    .slice(1)
    .map((to, i) => `  ${chain[i]} -> ${to} (${modules.get(chain[i] ?? '')?.get(to) ?? '?'})`);
  return [`${chain.length} module folders: ${chain.join(' -> ')}`, ...arrows].join('\n');
}
