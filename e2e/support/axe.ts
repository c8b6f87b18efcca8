import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';
import type { AxeResults, ElementContext } from 'axe-core';

/** What to check: a CSS selector, or selectors to include and exclude (passed to the browser, so no nodes). */
export type A11yContext = string | { include?: string[]; exclude?: string[] };

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Runs axe-core on the page (or on `context`, e.g. a selector for an open dialog) and fails with a
 * readable list of every serious or critical violation: rule id, what it asks for, and the
 * selectors of the offending elements.
 */
export async function expectNoSeriousA11yViolations(page: Page, context?: A11yContext): Promise<void> {
  let report = await seriousViolations(page, context);
  // A toast that closes on its timer may start fading out after the wait for animations and while
  // axe runs, and half-faded text fails the contrast check though no one reads it then: what is
  // found is checked once more when that has settled. A real violation is still there.
  if (report.length > 0) report = await seriousViolations(page, context);
  expect(report, `serious or critical accessibility violations on ${page.url()}`).toEqual([]);
}

/** Axe's serious and critical violations, one line each, once short animations have finished. */
async function seriousViolations(page: Page, context?: A11yContext): Promise<string[]> {
  // Until what is fading or sliding in has arrived (a toast's text fades in over 0.15 s): axe reads
  // colours as they are at that moment, and half-faded text fails its contrast check, though no
  // one reads it then. Long animations (a toast's countdown bar, a spinner) are not waited for.
  await page.waitForFunction(
    () =>
      document.getAnimations().every((animation) => {
        const end = animation.effect?.getComputedTiming().endTime;
        return animation.playState !== 'running' || typeof end !== 'number' || end > 2000;
      }),
    undefined,
    { timeout: 5000 },
  );
  // Evaluated rather than added as a <script> tag: the server's Content-Security-Policy forbids
  // inline scripts, and a blocked tag would also surface as a console error.
  await page.evaluate(axeSource);
  const results = await page.evaluate(async (ctx) => {
    const { axe } = window as unknown as { axe: typeof import('axe-core') };
    const options = { resultTypes: ['violations' as const] };
    return ctx === null ? axe.run(document, options) : axe.run(ctx as ElementContext, options);
  }, context ?? null);
  return (results as AxeResults).violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.map(String).join(' >>> ')).join(', ')}`,
    );
}
