import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeReport {
  /** Serious and critical violations, each as `rule: selectors`: what a test requires to be empty. */
  severe: string[];
  /** Every violation as `rule (impact)`, for the test output. */
  all: string[];
}

/**
 * axe-core's full rule set run in the page itself. @axe-core/playwright's builder runs it in every
 * frame and then opens a second page to merge the results: 2.5-4 s a page here against 0.8-1.1 s.
 * The shop's pages have no frames; one that gets some fails here rather than going unchecked.
 */
export async function axeReport(page: Page): Promise<AxeReport> {
  if (page.frames().length !== 1) throw new Error(`axeReport checks one document; ${page.url()} has ${page.frames().length - 1} frames`);
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const { axe } = window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } };
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  });
  return {
    severe: violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    all: violations.map((v) => `${v.id} (${v.impact})`),
  };
}
