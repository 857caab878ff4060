import AxeBuilder from '@axe-core/playwright';
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
  let builder = new AxeBuilder({ page }).withTags(TAGS);
  if (options.include) builder = builder.include(options.include);
  for (const selector of [EMAIL_PREVIEW_FRAME, ...(options.exclude ?? [])])
    builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
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
