/**
 * axe-core in the page under test: the critical and serious WCAG violations it finds, one line each,
 * so a failing assertion names the rule, the element and axe's advice.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

const BLOCKING_IMPACTS = new Set(['critical', 'serious']);

export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ''))
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${violation.impact} ${violation.id}: ${node.target.join(' ')} — ${node.failureSummary?.replace(/\s+/g, ' ') ?? violation.help}`,
      ),
    );
}
