import axe, { type AxeResults, type ElementContext, type RunOptions } from 'axe-core';
import { expect, type Page } from '@playwright/test';

/**
 * WCAG 2.1 A and AA, plus axe's best practices: only serious and critical findings fail, and
 * among the best practices those are few and worth having (a dialog without a name, a positive
 * tabindex, a form field labelled only by its title), so they add no noise.
 */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
const FAILING_IMPACTS = new Set(['serious', 'critical']);

/**
 * Left out of every analysis: the Email Template Editor's live preview, the organisation's own
 * email HTML in an iframe sandboxed without scripts (so a template can run nothing). axe cannot
 * run inside a frame that allows no scripts (Playwright's evaluation there never returns, and
 * the test hangs), and the email is the organisation's content, not the app's. The iframe
 * element itself is named ("Email preview") and checked with the rest of the page.
 */
const EMAIL_PREVIEW_FRAME = 'iframe[title="Email preview"]';

export interface AccessibleOptions {
  /** Only analyse this part of the page (a CSS selector), e.g. an open dialog. */
  include?: string;
  /**
   * Exact selectors to leave out, each for a reason that cannot be fixed from the app (say which
   * in a comment where it is passed). Never a whole page or a rule.
   */
  exclude?: string[];
}

/**
 * Waits until the screen has settled: no spinner, no skeleton, no loader, and no antd motion
 * (a dialog or a toast fading in is half transparent, which axe would read as low contrast).
 */
export async function waitForSettledScreen(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const busy = document.querySelector(
        '.ant-spin-spinning, .ant-skeleton-active, [role="status"] .ant-spin, [aria-busy="true"]',
      );
      if (busy) return false;
      const moving = /^ant-[a-z-]+-(enter|appear|leave)(-active|-prepare|-start)?$/;
      return Array.from(document.querySelectorAll('[class*="ant-"]')).every(
        (element) => !Array.from(element.classList).some((name) => moving.test(name)),
      );
    },
    undefined,
    { polling: 100, timeout: 15_000 },
  );
}

declare global {
  interface Window {
    axe?: typeof axe;
  }
}

/**
 * Runs axe-core in the page itself: injected once per document (a journey checks several
 * dialogs on one page) and run on the top frame only. @axe-core/playwright's default mode
 * injects axe twice per check and finishes each run in a new blank page; on a busy 2-core
 * machine that tripled the time of every check. The only frame in the app is the email preview,
 * which is left out anyway (see EMAIL_PREVIEW_FRAME).
 */
async function runAxe(
  page: Page,
  context: ElementContext,
  options: RunOptions,
): Promise<AxeResults> {
  const loaded = await page.evaluate(() => typeof window.axe?.run === 'function');
  if (!loaded) await page.evaluate(axe.source);
  // Passed as JSON: Playwright's typing of a serialisable argument recurses into axe's types.
  const args = JSON.stringify({ context, options });
  return page.evaluate((json) => {
    const { context: c, options: o } = JSON.parse(json) as {
      context: ElementContext;
      options: RunOptions;
    };
    return window.axe!.run(c, o);
  }, args) as Promise<AxeResults>;
}

/**
 * Runs axe on the current screen once it has loaded and fails on any serious or critical
 * violation, listing each rule with its help text and the selectors of the offending elements.
 */
export async function expectAccessible(
  page: Page,
  screenName: string,
  options: AccessibleOptions = {},
): Promise<void> {
  await waitForSettledScreen(page);
  const context: ElementContext = {
    ...(options.include ? { include: [[options.include]] } : {}),
    exclude: [EMAIL_PREVIEW_FRAME, ...(options.exclude ?? [])].map((selector) => [selector]),
  };
  const { violations } = await runAxe(page, context, {
    runOnly: { type: 'tag', values: TAGS },
    iframes: false,
  });
  const failing = violations.filter((v) => FAILING_IMPACTS.has(v.impact ?? ''));
  const report = failing.map((v) => {
    const targets = v.nodes
      .slice(0, 8)
      .map(
        (node) =>
          `      - ${node.target.join(' ')}${node.failureSummary ? `\n        ${node.failureSummary.replace(/\n/g, '\n        ')}` : ''}`,
      )
      .join('\n');
    const more = v.nodes.length > 8 ? `\n      … and ${v.nodes.length - 8} more` : '';
    return `  [${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n${targets}${more}`;
  });
  // Soft: a journey goes on to its other screens, and the test fails at the end with every list.
  expect
    .soft(
      failing.length,
      `Accessibility violations on the screen "${screenName}" (${page.url()}):\n${report.join('\n')}`,
    )
    .toBe(0);
}
