import {
  test as base,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
} from '@playwright/test';

// Everything of Playwright's, with `test` replaced by the one below.
export * from '@playwright/test';

declare global {
  interface Window {
    /** Every toast the page has shown, in order (see installToastLog). */
    __toastLog__?: Element[];
    /** How many entries of the log `seeToast` has already taken. */
    __toastLogRead__?: number;
  }
}

/**
 * Records every toast a page shows, from before its first script runs. A toast stays five
 * seconds; on a busy machine a test can look for it after it has gone, so `seeToast` reads this
 * log instead of racing the timer.
 */
export async function installToastLog(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const log: Element[] = [];
    window.__toastLog__ = log;
    const take = (node: Node) => {
      if (!(node instanceof Element)) return;
      if (node.matches('.ant-notification-notice')) log.push(node);
      else log.push(...Array.from(node.querySelectorAll('.ant-notification-notice')));
    };
    new MutationObserver((mutations) => {
      for (const mutation of mutations) mutation.addedNodes.forEach(take);
    }).observe(document, { childList: true, subtree: true });
  });
}

/** Playwright's `test`, with every page's browser context recording its toasts. */
export const test = base.extend({
  context: async ({ context }, use) => {
    await installToastLog(context);
    await use(context);
  },
});

/**
 * A browser context for a second person in a test, set up like the `context` fixture: reduced
 * motion (as the config's `use` asks, which `browser.newContext` does not apply) and the toast log.
 */
export async function newContext(
  browser: Browser,
  options?: BrowserContextOptions,
): Promise<BrowserContext> {
  const context = await browser.newContext({ reducedMotion: 'reduce', ...options });
  await installToastLog(context);
  return context;
}
