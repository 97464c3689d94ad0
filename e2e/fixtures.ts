import { test as base, expect, type Locator, type Page } from '@playwright/test';

/**
 * Playwright's `test`, where every journey fails if the Content-Security-Policy refused
 * anything on any page of its browser context (issue 16, item 10): the browser's
 * `securitypolicyviolation` events and its console's CSP refusals are collected while the
 * journey runs and checked after it. Specs import `test` and `expect` from here.
 */
export const test = base.extend({
  context: async ({ context }, use) => {
    const refusals: string[] = [];
    await context.exposeBinding('__obCspRefusal', (_source, text: string) => {
      refusals.push(text);
    });
    await context.addInitScript(() => {
      const report = (window as unknown as { __obCspRefusal?: (text: string) => void }).__obCspRefusal;
      document.addEventListener('securitypolicyviolation', (event) => {
        report?.(
          `securitypolicyviolation: ${event.effectiveDirective} refused ${event.blockedURI || 'inline'} at ${event.sourceFile || event.documentURI}:${event.lineNumber}:${event.columnNumber} ${event.sample}`,
        );
      });
    });
    const watch = (page: Page) => {
      page.on('console', (message) => {
        if (/Content[- ]Security[- ]Policy/i.test(message.text())) refusals.push(`console: ${message.text()}`);
      });
    };
    for (const page of context.pages()) watch(page);
    context.on('page', watch);
    await use(context);
    expect(refusals, 'refused by the Content-Security-Policy during the journey').toEqual([]);
  },
});

export type { Locator, Page };
export { expect };
