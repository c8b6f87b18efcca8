// @ts-check
// `npm run test:mutation [-- --mutate <glob>] [other Stryker options]`: runs Stryker on the module
// the glob belongs to (stryker.config.mjs `mutationModules`), with that module's tests and its own
// incremental file; without --mutate, every module one after another. Test files are never mutated.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { mutationModules } from '../stryker.config.mjs';

const args = process.argv.slice(2);
/** @type {string[]} */
const requested = [];
/** @type {string[]} */
const passOn = [];
for (let i = 0; i < args.length; i += 1) {
  const arg = args[i] ?? '';
  if (arg === '--mutate' || arg === '-m') {
    requested.push(...(args[i + 1] ?? '').split(','));
    i += 1;
  } else if (arg.startsWith('--mutate=')) {
    requested.push(...arg.slice('--mutate='.length).split(','));
  } else {
    passOn.push(arg);
  }
}

/** The fixed start of a glob ("packages/contract/src/" of "packages/contract/src/**\/*.ts"). */
const stem = (/** @type {string} */ glob) => glob.split(/[*?{[]/)[0] ?? '';

/** @param {string} glob */
const moduleOf = (glob) =>
  Object.entries(mutationModules).find(([, m]) =>
    m.mutate.some(
      (own) => stem(glob).startsWith(stem(own)) || stem(own).startsWith(stem(glob.replace(/:[\d:-]+$/, ''))),
    ),
  )?.[0];

/** @type {[string, string[] | undefined][]} */
const runs = [];
if (requested.length === 0) {
  for (const name of Object.keys(mutationModules)) runs.push([name, undefined]);
} else {
  for (const glob of requested) {
    const name = moduleOf(glob);
    if (!name) {
      console.error(
        `${glob} belongs to no module in stryker.config.mjs (mutationModules); add it there first.`,
      );
      process.exit(2);
    }
    const run = runs.find(([n]) => n === name);
    if (run) run[1]?.push(glob);
    else runs.push([name, [glob]]);
  }
}

const stryker = path.join('node_modules', '.bin', 'stryker');
for (const [name, globs] of runs) {
  const mutate = globs
    ? ['--mutate', [...globs, '!**/*.test.ts', '!**/*.test.tsx', '!**/test/**'].join(',')]
    : [];
  console.log(`Mutation testing: ${name}${globs ? ` (${globs.join(', ')})` : ''}`);
  const result = spawnSync(stryker, ['run', 'stryker.config.mjs', ...mutate, ...passOn], {
    stdio: 'inherit',
    env: { ...process.env, MUTATION_MODULE: name },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
