import { describe, expect, it } from 'vitest';

import { renderShell } from './render-shell';

/** The markup as a visitor reads it: tags dropped, entities decoded, spaces collapsed. */
function textOf(html: string): string {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ');
}

/** The map antd reads its styles back by: `hash|Component-Component|ant-class|…:style-hash;…`. */
function mapOf(styles: string): string {
  return /\.data-ant-cssinjs-cache-path\{content:"([^"]*)"/.exec(styles)?.[1] ?? '';
}

describe('renderShell (the shell’s first paint rendered at build time)', () => {
  it('has the frame once, with each page’s skeleton under its path', () => {
    const { frame } = renderShell(['/today', '/duties'], ['Button']);
    const doc = new DOMParser().parseFromString(`<body>${frame}</body>`, 'text/html');

    expect(doc.querySelectorAll('main')).toHaveLength(1);
    expect(doc.querySelector('header')?.textContent).toBe('Duty Manager');
    const today = doc.querySelector('[data-boot-frame="/today"]');
    const duties = doc.querySelector('[data-boot-frame="/duties"]');
    expect(textOf(today?.innerHTML ?? '')).toBe('Today');
    expect(textOf(duties?.innerHTML ?? '')).toBe(
      'DutiesThe duties your school runs, in the order the rota shows them.',
    );
    // The headings stand where the pages' will, hidden from assistive technology, which hears
    // each page's loading status instead.
    expect(duties?.querySelector('h1')?.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(duties?.querySelector('[role="status"]')?.getAttribute('aria-label')).toBe(
      'Loading Duties',
    );
  });

  it("has antd's styles for the named components and the frame, each in the map antd reads", () => {
    const { styles, frameStyles } = renderShell(['/today'], ['Button', 'Table', 'TableProps']);
    const map = mapOf(styles);

    for (const [component, className] of [
      ['Button-Button', 'ant-btn'],
      ['Table-Table', 'ant-table'],
      ['Skeleton-Skeleton', 'ant-skeleton'],
      ['Layout-Layout', 'ant-layout'],
    ]) {
      expect(map).toContain(`|${component}|${className}|`);
      expect(styles).toContain(`.${className}`);
    }
    // Plain CSS, for a stylesheet of its own.
    expect(styles).not.toContain('<style');
    // The frame's own, inline in the page, without a map: the stylesheet's is the page's.
    expect(frameStyles).toContain('.ant-skeleton');
    expect(frameStyles).not.toContain('.ant-btn');
    expect(mapOf(frameStyles)).toBe('');
  });

  it('refuses a path whose page has no skeleton', () => {
    expect(() => renderShell(['/statistics'], [])).toThrow(/no skeleton for \/statistics/);
  });
});
