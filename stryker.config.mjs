// @ts-check
// Mutation testing (decision 0060). Run through `npm run test:mutation`, which picks the module
// from `--mutate` and passes its name here as MUTATION_MODULE; one module at a time keeps a run
// within reach of a 2-core machine and gives each module its own incremental file.

/**
 * The modules measured: what is mutated, which test files must kill its mutants and the tsconfig
 * the TypeScript checker compiles. Naming the tests (instead of Vitest's "related" look-up) keeps a
 * contract run from starting every API and web test that imports the contract; the module's own
 * tests have to catch its mistakes. A tsconfig of the module alone keeps the checker's program
 * small: the whole repository's took minutes per check on this machine. `environment: 'jsdom'`
 * runs the tests as the web project does (a document, its setup file, the Markdown plugin).
 * @type {Record<string, { mutate: string[]; testFiles: string[]; tsconfig: string; environment?: 'jsdom' }>}
 */
// The API's document (/api/docs): each route's area, summary and reply statuses, as callers read them.
const apiDocument = 'apps/api/src/api-document.test.ts';

export const mutationModules = {
  contract: {
    mutate: ['packages/contract/src/**/*.ts'],
    testFiles: ['packages/contract/src/**/*.test.ts'],
    tsconfig: 'stryker.tsconfig.contract.json',
  },
  'rate-limits': {
    mutate: [
      'apps/api/src/plugins/rate-limit.ts',
      'apps/api/src/plugins/token-bucket.ts',
      'apps/api/src/limits.ts',
    ],
    testFiles: [
      'apps/api/src/plugins/rate-limit*.test.ts',
      'apps/api/src/limits.test.ts',
      // A page whose in-process read is refused (refusedPageRead).
      'apps/api/src/plugins/web-render.test.ts',
    ],
    tsconfig: 'stryker.tsconfig.rate-limits.json',
  },
  // Passwords, sign-in tokens and the token rows every link uses (reset, e-mail change and cancel,
  // invitations), killed by the tests of the features that hand them out.
  'auth-tokens': {
    mutate: ['apps/api/src/modules/auth/*.ts'],
    testFiles: [
      'apps/api/src/modules/auth/*.test.ts',
      'apps/api/src/modules/users/*.test.ts',
      'apps/api/src/modules/account/*.test.ts',
      'apps/api/src/plugins/auth.test.ts',
      // Sign-in's guessing limits per address, which the guard counts for unknown browsers.
      'apps/api/src/plugins/rate-limit.test.ts',
    ],
    tsconfig: 'stryker.tsconfig.api.json',
  },
  // The request desk and the relay: a visitor's request, its statutory clock's use, the
  // operator's desk, third-party requests and the reminders.
  requests: {
    mutate: ['apps/api/src/modules/requests/*.ts'],
    testFiles: ['apps/api/src/modules/requests/*.test.ts', apiDocument],
    tsconfig: 'stryker.tsconfig.api.json',
  },
  lookup: {
    mutate: ['apps/api/src/modules/lookup/*.ts'],
    testFiles: [
      'apps/api/src/modules/lookup/*.test.ts',
      'apps/api/src/plugins/web-render*.test.ts',
      apiDocument,
    ],
    tsconfig: 'stryker.tsconfig.api.json',
  },
  sites: {
    mutate: ['apps/api/src/modules/sites/*.ts'],
    testFiles: [
      'apps/api/src/modules/sites/*.test.ts',
      'apps/api/src/modules/workspace/*.test.ts',
      apiDocument,
    ],
    tsconfig: 'stryker.tsconfig.api.json',
  },
  stickers: {
    mutate: ['apps/api/src/modules/stickers/*.ts'],
    testFiles: [
      'apps/api/src/modules/stickers/*.test.ts',
      'apps/api/src/modules/workspace/*.test.ts',
      // The sticker check's and adding a sticker's guessing limits, which the routes count.
      'apps/api/src/plugins/rate-limit.test.ts',
      apiDocument,
    ],
    tsconfig: 'stryker.tsconfig.api.json',
  },
  publication: {
    mutate: ['apps/api/src/modules/publication/*.ts'],
    testFiles: [
      'apps/api/src/modules/publication/*.test.ts',
      'apps/api/src/modules/lookup/lookup.test.ts',
      'apps/api/src/lib/cdn-purge.test.ts',
      apiDocument,
    ],
    tsconfig: 'stryker.tsconfig.api.json',
  },
  // With the contact form's tests: the one mail that carries a Reply-To (staff answer the sender).
  mail: {
    mutate: ['apps/api/src/modules/mail/*.ts'],
    testFiles: ['apps/api/src/modules/mail/*.test.ts', 'apps/api/src/modules/contact/contact.test.ts'],
    tsconfig: 'stryker.tsconfig.api.json',
  },
  // The web forms: the sign-in, sign-up and password dialogs, the request and third-party forms
  // and the desk, and the signed-in operator's forms.
  'web-forms': {
    mutate: [
      'apps/web/src/features/auth/**/*.{ts,tsx}',
      'apps/web/src/features/requests/**/*.{ts,tsx}',
      'apps/web/src/features/{account,company,sites,signs}/**/*.{ts,tsx}',
      'apps/web/src/components/form-fields.tsx',
    ],
    testFiles: [
      'apps/web/src/features/auth/**/*.test.{ts,tsx}',
      'apps/web/src/features/requests/**/*.test.{ts,tsx}',
      'apps/web/src/features/{account,company,sites,signs}/**/*.test.{ts,tsx}',
      'apps/web/src/components/form-controls.test.tsx',
    ],
    tsconfig: 'stryker.tsconfig.web.json',
    environment: 'jsdom',
  },
};

/**
 * Mutants that no test can kill because the program behaves the same with them: each is named by
 * file, position (line:column of the mutated node, as the HTML report shows it) and node type,
 * with the reason it is equivalent. scripts/stryker-equivalent-mutants.mjs reports them as ignored.
 * @type {{ file: string; at: string; node: string; reason: string }[]}
 */
export const equivalentMutants = [
  {
    file: 'apps/api/src/modules/auth/passwords.ts',
    at: '61:20',
    node: 'StringLiteral',
    reason: 'the decoy is checked only for the time it takes; its answer is thrown away',
  },
  {
    file: 'apps/api/src/modules/auth/passwords.ts',
    at: '62:47',
    node: 'ArrowFunctionExpression',
    reason: 'the decoy is checked only for the time it takes; its answer is thrown away',
  },
  {
    file: 'apps/api/src/modules/auth/passwords.ts',
    at: '63:12',
    node: 'BooleanLiteral',
    reason: 'sign-in, its only caller without a hash, refuses a missing user whatever the answer',
  },
  {
    file: 'apps/api/src/modules/auth/device-tokens.ts',
    at: '32:49',
    node: 'CallExpression',
    reason:
      'every account key comes from this one function, from a user name the login schema has trimmed: upper or lower case, trimmed twice or once, one key either way',
  },
  {
    file: 'apps/api/src/modules/auth/device-tokens.ts',
    at: '45:48',
    node: 'StringLiteral',
    reason: 'the typ header is advisory: jose checks it only when asked, and nothing reads it',
  },
  {
    file: 'apps/api/src/modules/auth/tokens.ts',
    at: '45:48',
    node: 'StringLiteral',
    reason: 'the typ header is advisory: jose checks it only when asked, and nothing reads it',
  },
  {
    file: 'apps/api/src/modules/auth/tokens.ts',
    at: '62:48',
    node: 'StringLiteral',
    reason: 'the typ header is advisory: jose checks it only when asked, and nothing reads it',
  },
  {
    file: 'apps/api/src/modules/auth/device-tokens.ts',
    at: '70:44',
    node: 'ArrayExpression',
    reason: "without a Cookie header, a list of one part without '=' finds no cookie, as the empty list does",
  },
  {
    file: 'apps/api/src/modules/auth/device-tokens.ts',
    at: '72:9',
    node: 'BinaryExpression',
    reason:
      "a part without '=' (or with an empty name) never yields a device token: whatever it returns fails verification",
  },
  {
    file: 'apps/api/src/modules/auth/device-tokens.ts',
    at: '72:61',
    node: 'CallExpression',
    reason:
      "browsers separate cookies with '; ' (RFC 6265 5.4) and send no space before it: the value has none to trim",
  },
  {
    file: 'apps/api/src/modules/auth/user-tokens.ts',
    at: '58:23',
    node: 'TemplateLiteral',
    reason:
      'the placeholder is replaced in the same transaction before it commits: no other statement ever sees it',
  },
  {
    file: 'apps/api/src/plugins/rate-limit.ts',
    at: '197:20',
    node: 'ArrayExpression',
    reason:
      'a refused read makes its page no-store, which is sent without surrogate keys: these are never read',
  },
  {
    file: 'apps/api/src/plugins/rate-limit.ts',
    at: '159:10',
    node: 'OptionalCallExpression',
    reason: 'upper or lower case, every spelling of an account comes to one key either way',
  },
  {
    file: 'apps/api/src/plugins/rate-limit.ts',
    at: '266:3',
    node: 'CallExpression',
    reason:
      'every route names one method (Fastify registers the HEAD twin of a GET as a route of its own): every and some agree',
  },
  {
    file: 'apps/api/src/plugins/rate-limit.ts',
    at: '284:54',
    node: 'ArrayExpression',
    reason:
      'a route without a preHandler: a list of one non-function is searched for limits as the empty one is, and finds none',
  },
  {
    file: 'packages/contract/src/markdown.ts',
    at: '56:29',
    node: 'BlockStatement',
    reason:
      'without it an array is walked as an object: it has no type, and Object.values visits the same items in order',
  },
  {
    file: 'apps/api/src/modules/mail/worker.ts',
    at: '78:17',
    node: 'BooleanLiteral',
    reason:
      'start() sets stopped to false before its first look and runOnce never reads it, so its first value is never seen',
  },
  {
    file: 'apps/api/src/modules/mail/worker.ts',
    at: '103:29',
    node: 'ObjectExpression',
    reason:
      'no mail the product sends has an HTML part, so html_body is always null and the part is never added',
  },
  {
    file: 'apps/api/src/modules/mail/transport.ts',
    at: '52:13',
    node: 'BlockStatement',
    reason:
      'the outbox composer is not pooled and holds no connection or file between messages: closing it ends nothing',
  },
  {
    file: 'apps/api/src/modules/mail/transport.ts',
    at: '70:13',
    node: 'BlockStatement',
    reason:
      'an SMTP transport that is not pooled closes its connection after each message: closing it ends nothing',
  },
  {
    file: 'packages/contract/src/legal-clock.ts',
    at: '195:69',
    node: 'BinaryExpression',
    reason:
      'V8 sorts a list of under 32 pauses by insertion and asks only whether the result is negative, so 0 and 1 order them alike',
  },
  {
    file: 'apps/api/src/modules/mail/outbox.ts',
    at: '53:7',
    node: 'LogicalExpression',
    reason: 'no mail the product sends has an HTML part, so html is undefined and both spellings store null',
  },
  {
    file: 'apps/api/src/modules/mail/outbox.ts',
    at: '65:41',
    node: 'StringLiteral',
    reason: "no brand's sender name holds a quote or a backslash, so the replacement never runs",
  },
  {
    file: 'apps/api/src/modules/stickers/routes.ts',
    at: '26:15',
    node: 'ObjectExpression',
    reason:
      'a route without an auth rule is public (plugins/auth.ts registerAuth); the rule is stated for the reader',
  },
  {
    file: 'apps/api/src/modules/stickers/routes.ts',
    at: '68:15',
    node: 'ObjectExpression',
    reason:
      'a route without an auth rule is public (plugins/auth.ts registerAuth); the rule is stated for the reader',
  },
  {
    file: 'apps/api/src/modules/stickers/service.ts',
    at: '178:23',
    node: 'BinaryExpression',
    reason:
      "a sign that became another company's while its lock was awaited is not updated either way: the retire and move statements match the company too, and answer 409",
  },
  {
    file: 'apps/api/src/modules/stickers/repository.ts',
    at: '86:10',
    node: 'BinaryExpression',
    reason:
      "its one caller has locked the sign's row and found it the company's in the same transaction: the statement always updates that one row",
  },
  {
    file: 'apps/api/src/modules/lookup/cache.ts',
    at: '147:5',
    node: 'AssignmentExpression',
    reason:
      'a generation only has to differ from the one a load started under: counting down differs as counting up does',
  },
  {
    file: 'apps/api/src/modules/lookup/cache.ts',
    at: '168:21',
    node: 'StringLiteral',
    reason:
      'any announcement naming neither a sign (k:) nor a company (c:<id>) empties the cache and purges every sign, as the empty one does',
  },
  {
    file: 'apps/api/src/modules/lookup/cache.ts',
    at: '172:31',
    node: 'BinaryExpression',
    reason:
      'with no time to keep, a kept answer has expired when next asked; only whether look-ups at one moment share a load differs, which is safe while changes are heard (a change drops shared loads)',
  },
  {
    file: 'apps/api/src/modules/lookup/cache.ts',
    at: '240:24',
    node: 'BooleanLiteral',
    reason: 'the server is closing: no look-up follows that memory could answer',
  },
  {
    file: 'apps/api/src/modules/lookup/repository.ts',
    at: '29:7',
    node: 'BinaryExpression',
    reason: 'with no rows the statement finds no publications either: the check only saves it',
  },
  {
    file: 'apps/api/src/modules/lookup/repository.ts',
    at: '163:22',
    node: 'CallExpression',
    reason:
      "pg_trgm compares words without case (its default) and the query is built from the vocabulary's own words, so upper or lower case finds the same; a run of separators split one by one gives empty words, which the length filter drops",
  },
  {
    file: 'apps/api/src/modules/lookup/repository.ts',
    at: '179:7',
    node: 'BinaryExpression',
    reason: 'with no words the statement builds no query and finds nothing: the check only saves it',
  },
  {
    file: 'apps/api/src/modules/lookup/routes.ts',
    at: '55:17',
    node: 'StringLiteral',
    reason:
      'the public-cache hook sets the same weak ETag from the body when a route sets none: setting it saves a hash per answer',
  },
  {
    file: 'apps/api/src/modules/lookup/routes.ts',
    at: '92:15',
    node: 'ObjectExpression',
    reason:
      'a route without an auth rule is public (plugins/auth.ts registerAuth); the rule is stated for the reader',
  },
  {
    file: 'apps/api/src/modules/lookup/service.ts',
    at: '32:15',
    node: 'StringLiteral',
    reason:
      "the count's key only has to differ from the other counts' keys, which begin with their own non-empty names",
  },
  {
    file: 'apps/api/src/modules/lookup/service.ts',
    at: '32:37',
    node: 'StringLiteral',
    reason:
      "the count's key only has to differ from the other counts' keys, which begin with their own non-empty names",
  },
  {
    file: 'apps/api/src/modules/requests/private-link.ts',
    at: '13:46',
    node: 'StringLiteral',
    reason: 'without the header, any other non-key string fails the same check as the empty one',
  },
  {
    file: 'apps/api/src/modules/requests/reminders.ts',
    at: '31:39',
    node: 'BinaryExpression',
    reason:
      "every change that drops a kind of reminder plans the request's reminders again (settle), deleting that kind's unsent rows; a closed request plans none",
  },
  {
    file: 'apps/api/src/modules/requests/third-party-service.ts',
    at: '84:29',
    node: 'StringLiteral',
    reason:
      "the count's key only has to differ from the other counts' keys, which begin with their own non-empty names",
  },
  {
    file: 'apps/api/src/modules/requests/third-party-service.ts',
    at: '87:58',
    node: 'Identifier',
    reason:
      'the view shows only fields with a value, and an empty field (an unnamed place) names neither the organisation nor the reference',
  },
  {
    file: 'apps/api/src/modules/requests/third-party-service.ts',
    at: '205:78',
    node: 'BooleanLiteral',
    reason:
      'the row lock orders two decisions (or hand-overs) at one moment on PostgreSQL; the embedded database of the mutation run runs transactions one at a time',
  },
  {
    file: 'apps/api/src/modules/requests/third-party-service.ts',
    at: '273:78',
    node: 'BooleanLiteral',
    reason:
      'the row lock orders two decisions (or hand-overs) at one moment on PostgreSQL; the embedded database of the mutation run runs transactions one at a time',
  },
  {
    file: 'apps/api/src/modules/requests/third-party-service.ts',
    at: '284:34',
    node: 'CallExpression',
    reason: 'formatUkDate reads the date part of a date and time: the cut only says so',
  },
  {
    file: 'apps/api/src/modules/requests/third-party-routes.ts',
    at: '42:17',
    node: 'ObjectExpression',
    reason:
      'a route without an auth rule is public (plugins/auth.ts registerAuth); the rule is stated for the reader',
  },
];

const moduleName = process.env.MUTATION_MODULE ?? 'contract';
const chosen = mutationModules[moduleName];
if (!chosen) {
  throw new Error(
    `No mutation module named "${moduleName}"; the modules are ${Object.keys(mutationModules).join(', ')}`,
  );
}

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
const config = {
  testRunner: 'vitest',
  // The module's own test files, through a Vitest configuration of their own instead of Stryker's
  // `testFiles`: with `testFiles` Stryker 9.6.1 switches a static mutant on only after the schemas
  // are built, so the tests that would kill it pass (vitest.stryker.config.ts says more).
  vitest: { configFile: 'vitest.stryker.config.ts', related: false },
  mutate: [...chosen.mutate, '!**/*.test.ts', '!**/*.test.tsx', '!**/test/**'],
  checkers: ['typescript'],
  tsconfigFile: chosen.tsconfig,
  coverageAnalysis: 'perTest',
  // Two cores shared by the whole team: one test runner and one checker at a time.
  concurrency: 1,
  // Zod schemas and message tables are built when a module loads, so most of the contract's
  // mutants are static; they are measured, at the cost of a fresh test environment each.
  ignoreStatic: false,
  incremental: true,
  incrementalFile: `reports/stryker-incremental-${moduleName}.json`,
  plugins: ['@stryker-mutator/*', './scripts/stryker-equivalent-mutants.mjs'],
  ignorers: ['equivalent-mutants'],
  reporters: ['clear-text', 'progress', 'html'],
  htmlReporter: { fileName: `reports/mutation/${moduleName}.html` },
  thresholds: { high: 90, low: 80, break: null },
  // The sandbox copies the project; the databases, build output and test artefacts are not needed.
  ignorePatterns: ['data', 'test-results', 'playwright-report', 'dist', 'coverage', 'reports/mutation'],
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  // A busy shared machine: allow a slow run before calling a mutant a time-out.
  timeoutMS: 20_000,
  dryRunTimeoutMinutes: 15,
};

export default config;
