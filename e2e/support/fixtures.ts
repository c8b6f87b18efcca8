import { createHash } from 'node:crypto';
import { test as base, type ConsoleMessage, type Page } from '@playwright/test';

export { expect } from '@playwright/test';

/** Matches a console error's text or the address it came from. */
export type ErrorPattern = string | RegExp;

export interface PageErrorGuard {
  /**
   * Declares an error the test provokes on purpose (e.g. the browser's
   * "Failed to load resource: ... 404" when a test checks an unknown sticker).
   */
  allow(pattern: ErrorPattern): void;
  /** Every console error and uncaught page error seen so far, expected or not. */
  readonly seen: readonly string[];
}

interface GuardOptions {
  /** Errors expected by every test in a file or describe block: `test.use({ expectedPageErrors: [...] })`. */
  expectedPageErrors: ErrorPattern[];
}

interface GuardFixtures {
  pageErrors: PageErrorGuard;
}

function matches(pattern: ErrorPattern, message: string): boolean {
  return typeof pattern === 'string' ? message.includes(pattern) : pattern.test(message);
}

function describeConsole(msg: ConsoleMessage): string {
  const { url, lineNumber } = msg.location();
  return url ? `console.error: ${msg.text()} (at ${url}:${lineNumber})` : `console.error: ${msg.text()}`;
}

/**
 * Playwright's `test` in which every page of the test's browser context fails the test on an
 * unexpected `console.error`, uncaught exception or Content Security Policy violation. A test declares the errors it provokes with
 * `pageErrors.allow(pattern)` or, for a whole file, `test.use({ expectedPageErrors: [pattern] })`.
 */
export const test = base.extend<GuardFixtures & GuardOptions>({
  expectedPageErrors: [[], { option: true }],

  pageErrors: async ({ context, expectedPageErrors }, use) => {
    const allowed: ErrorPattern[] = [...expectedPageErrors];
    const seen: string[] = [];
    const watch = (page: Page) => {
      page.on('console', (msg) => {
        if (msg.type() === 'error') seen.push(describeConsole(msg));
      });
      page.on('pageerror', (error) => {
        seen.push(`uncaught ${error.name}: ${error.message}`);
      });
    };
    context.pages().forEach(watch);
    context.on('page', watch);
    // The browser reports a refused eval or inline script only as an issue, not on the console:
    // said on the console, it fails the test like any other error.
    await context.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        console.error(
          `Content Security Policy violation: ${event.violatedDirective} refused ${event.blockedURI || 'inline code'}`,
        );
      });
    });

    await use({ allow: (pattern) => allowed.push(pattern), seen });

    const unexpected = seen.filter((message) => !allowed.some((pattern) => matches(pattern, message)));
    if (unexpected.length > 0) {
      throw new Error(
        `The page reported ${unexpected.length} unexpected error(s):\n${unexpected.map((m) => `  - ${m}`).join('\n')}\n` +
          'If the test provokes them on purpose, declare them with pageErrors.allow(pattern).',
      );
    }
  },

  // Each test is a visitor of its own: the test server believes X-Forwarded-For from loopback
  // (TRUST_PROXY=loopback, as behind a proxy), so the per-address rate limits count each test
  // apart, as they would count people, instead of the whole run as one address.
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    await use({
      ...extraHTTPHeaders,
      'x-forwarded-for': clientAddress(`${testInfo.testId}/${testInfo.retry}`),
    });
  },

  // Every test that uses a page gets the guard, whether or not it names `pageErrors`.
  page: async ({ page, pageErrors }, use) => {
    void pageErrors;
    await use(page);
  },
});

/** A client address of its own for `key`, in the benchmarking range 198.18.0.0/15 (a header only: no traffic goes there). */
export function clientAddress(key: string): string {
  const [a = 0, b = 0] = createHash('sha256').update(key).digest();
  return `198.18.${a}.${b}`;
}
