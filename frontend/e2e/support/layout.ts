import { expect, type Page } from './test';

/** One problem the layout check found, in words a failure message can show. */
interface LayoutProblem {
  kind: 'outside the screen' | 'clipped' | 'overlap';
  message: string;
}

/**
 * Looks at every piece of text the page shows and reports what a person on a small screen could
 * not read:
 * - text that sticks out of the screen's width (unless it sits in a box that scrolls sideways,
 *   like a wide table in a card, where it can be scrolled to);
 * - text cut off by a box that hides its overflow (an antd Card title squeezed to "Dut"), or an
 *   ellipsis that hides part of it. An ellipsis on an element with a `title` holding the whole
 *   text (antd's Select shows a long choice that way) is deliberate and allowed;
 * - two pieces of text drawn over each other (a title colliding with a count beside it).
 *
 * Text is measured per line, as the browser lays it out (`Range.getClientRects`), so a wrapped
 * paragraph is its lines, not one box around them. Hidden text (display none, visibility hidden,
 * opacity 0, or the 1 px "visually hidden" pattern for screen readers) is left out.
 */
async function findLayoutProblems(page: Page): Promise<LayoutProblem[]> {
  return page.evaluate(() => {
    const problems: { kind: 'outside the screen' | 'clipped' | 'overlap'; message: string }[] = [];
    const viewportWidth = window.innerWidth;
    // Half a pixel either way is sub-pixel rounding, not a layout fault.
    const slack = 0.5;

    const quote = (text: string) => JSON.stringify(text.replace(/\s+/g, ' ').trim().slice(0, 60));

    const isHiddenElement = (element: Element) => {
      if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) {
        return true;
      }
      // The "visually hidden" pattern (text for screen readers in a 1 px box), and boxes
      // collapsed to nothing in one direction that hide their overflow: antd Table's measure row
      // keeps a copy of each column title in a 0 px high cell to size the columns.
      for (let node: Element | null = element; node; node = node.parentElement) {
        const rect = node.getBoundingClientRect();
        const style = getComputedStyle(node);
        if ((rect.width <= 1 || rect.height <= 1) && style.overflow !== 'visible') return true;
      }
      return false;
    };

    interface Line {
      text: string;
      element: Element;
      rect: DOMRect;
    }
    const lines: Line[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      const element = node.parentElement;
      if (!text.trim() || !element) continue;
      if (element.closest('script, style, noscript, template')) continue;
      if (isHiddenElement(element)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of Array.from(range.getClientRects())) {
        if (rect.width < 1 || rect.height < 1) continue;
        lines.push({ text, element, rect });
      }
    }

    for (const line of lines) {
      const { rect, element, text } = line;
      let scrolls = false;
      for (
        let box: Element | null = element;
        box && box !== document.body;
        box = box.parentElement
      ) {
        const style = getComputedStyle(box);
        const overflowsX = style.overflowX;
        const overflowsY = style.overflowY;
        if (['auto', 'scroll'].includes(overflowsX)) {
          // A box that scrolls sideways: its text is reachable by scrolling it.
          scrolls = true;
          break;
        }
        if (style.textOverflow === 'ellipsis' && box.scrollWidth > box.clientWidth + 1) {
          const title = box.getAttribute('title') ?? '';
          if (!title || !title.includes(text.trim())) {
            problems.push({
              kind: 'clipped',
              message: `${quote(box.textContent ?? text)} is cut short by an ellipsis (${box.scrollWidth}px of text in ${box.clientWidth}px) and has no title with the whole text`,
            });
          }
          // Shown deliberately, or reported once for the box: its lines need no more checks.
          scrolls = true;
          break;
        }
        const clipsX = ['hidden', 'clip'].includes(overflowsX);
        const clipsY = ['hidden', 'clip'].includes(overflowsY);
        if (!clipsX && !clipsY) continue;
        const outer = box.getBoundingClientRect();
        const inner = {
          left: outer.left + box.clientLeft,
          top: outer.top + box.clientTop,
          right: outer.left + box.clientLeft + box.clientWidth,
          bottom: outer.top + box.clientTop + box.clientHeight,
        };
        const cutX = clipsX && (rect.left < inner.left - slack || rect.right > inner.right + slack);
        const cutY = clipsY && (rect.top < inner.top - slack || rect.bottom > inner.bottom + slack);
        if (cutX || cutY) {
          problems.push({
            kind: 'clipped',
            message: `${quote(text)} is cut off by <${box.tagName.toLowerCase()} class="${box.className}"> (text at x ${Math.round(rect.left)}–${Math.round(rect.right)}, y ${Math.round(rect.top)}–${Math.round(rect.bottom)}; box at x ${Math.round(inner.left)}–${Math.round(inner.right)}, y ${Math.round(inner.top)}–${Math.round(inner.bottom)})`,
          });
          scrolls = true;
          break;
        }
      }
      if (!scrolls && (rect.left < -slack || rect.right > viewportWidth + slack)) {
        problems.push({
          kind: 'outside the screen',
          message: `${quote(text)} runs outside the ${viewportWidth}px screen (x ${Math.round(rect.left)}–${Math.round(rect.right)})`,
        });
      }
    }

    // Overlap: two lines of different text nodes whose boxes share more than a sliver. Lines of
    // neighbouring rows may touch by a pixel where line boxes are tight; that is not a collision.
    const minOverlap = 2;
    for (let i = 0; i < lines.length; i += 1) {
      const a = lines[i]!;
      for (let j = i + 1; j < lines.length; j += 1) {
        const b = lines[j]!;
        if (a.element === b.element && a.text === b.text) continue;
        const width = Math.min(a.rect.right, b.rect.right) - Math.max(a.rect.left, b.rect.left);
        const height = Math.min(a.rect.bottom, b.rect.bottom) - Math.max(a.rect.top, b.rect.top);
        if (width > minOverlap && height > minOverlap) {
          problems.push({
            kind: 'overlap',
            message: `${quote(a.text)} and ${quote(b.text)} overlap by ${Math.round(width)}×${Math.round(height)}px`,
          });
        }
      }
    }
    return problems;
  });
}

/**
 * The page fits a phone: nothing scrolls sideways, and every text is readable (see
 * findLayoutProblems). `where` names the screen in the failure message.
 */
export async function expectFitsTheScreen(page: Page, where: string): Promise<void> {
  const widths = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(
    widths.scrollWidth,
    `${where}: the page scrolls sideways (${widths.scrollWidth}px wide on a ${widths.innerWidth}px screen)`,
  ).toBeLessThanOrEqual(widths.innerWidth);
  const problems = await findLayoutProblems(page);
  expect(
    // A wrapped text cut off on each of its lines is one problem.
    [...new Set(problems.map((problem) => `${problem.kind}: ${problem.message}`))],
    `${where}: text that cannot be read on a ${widths.innerWidth}px screen`,
  ).toEqual([]);
}
