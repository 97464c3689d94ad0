import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The rules every journey checks: WCAG 2.0 and 2.1, levels A and AA. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * axe's serious and critical findings on the page as it is now, each with the elements it found
 * and, for contrast, the colours it measured. `include` limits the scan to parts of the page.
 *
 * axe runs in the page itself (AxeBuilder's "legacy" mode): the default mode runs each frame
 * apart and then opens a new blank page in the context to merge the results, which doubles every
 * scan's time. Its only gain is reaching cross-origin frames, and the app has none: its
 * Content-Security-Policy (`default-src 'self'`) loads no frame from another origin, and a
 * same-origin frame is still scanned. Only violations are asked for (`resultTypes`): axe applies
 * every rule to every element as before, but does not send back the thousands of passing nodes.
 */
export async function seriousViolations(page: Page, options: { include?: string[] } = {}): Promise<string[]> {
  let builder = new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(WCAG_TAGS)
    .setLegacyMode(true);
  for (const selector of options.include ?? []) builder = builder.include(selector);
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map(describeNode).join(', ')}`);
}

/** A failing element, with the colours axe measured when contrast is the finding. */
function describeNode(node: { target: unknown[]; any: Array<{ data?: unknown }> }): string {
  const data = node.any.find((check) => check.data && typeof check.data === 'object')?.data as
    | { fgColor?: string; bgColor?: string; contrastRatio?: number }
    | undefined;
  const colours = data?.contrastRatio ? ` (${data.fgColor} on ${data.bgColor}, ${data.contrastRatio}:1)` : '';
  return `${node.target.join(' ')}${colours}`;
}
