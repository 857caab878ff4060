import { describe, expect, it } from 'vitest';

import { FEATURES } from '@/features/tenants/components/features-section';
import { plan } from '@/testing/fixtures';

import { renderLanding } from './render-landing';

/** The markup as a visitor reads it: tags dropped, entities decoded, spaces collapsed. */
function textOf(html: string): string {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ');
}

describe('renderLanding (the landing page rendered at build time)', () => {
  it('has the hero, every feature and the plan in its HTML, with antd styles for them', async () => {
    const { html, styles } = await renderLanding(plan);
    const text = textOf(html);

    expect(text).toContain('Duty Manager');
    expect(text).toContain('The duty-manager rota for schools, colleges and universities.');
    expect(text).toContain('A fair rota for every weekday, filled in one click');
    expect(text).toContain('Features');
    for (const feature of FEATURES) {
      expect(text).toContain(feature.title);
      expect(text).toContain(feature.description);
    }
    expect(text).toContain('Pricing');
    expect(text).toContain('Professional');
    expect(text).toContain('£10');
    expect(text).toContain('30-day free trial');
    for (const feature of plan.features) expect(text).toContain(feature);
    expect(text).toContain('Start your free trial');
    expect(html).toContain('<h1');

    // The forms are an island: a placeholder holds their place, their code is not in the page.
    expect(html).toContain('landing__forms-placeholder');
    expect(text).not.toContain('Sign In');
    expect(html).not.toContain('Loading the plan');

    expect(styles).toContain('<style');
    expect(styles).toContain('.ant-card');
    expect(styles).toContain('.ant-typography');
  });

  it("also has the styles of the forms' card, which the browser adds after hydrating", async () => {
    const { html, styles } = await renderLanding(plan);
    // Not their markup…
    expect(html).not.toContain('ant-tabs');
    expect(html).not.toContain('ant-form');
    // …but their styles, each listed in the map antd reads them back by (component|class), so the
    // browser takes them from the page instead of generating them.
    const map = /\.data-ant-cssinjs-cache-path\{content:"([^"]*)"/.exec(styles)?.[1] ?? '';
    for (const [component, className] of [
      ['Tabs-Tabs', 'ant-tabs'],
      ['Form-Form', 'ant-form'],
      ['Input-Component', 'ant-input'],
      ['Select-Select', 'ant-select'],
    ]) {
      expect(map).toContain(`|${component}|${className}|`);
      expect(styles).toContain(`.${className}`);
    }
    // The map is in a plain <style>, as in a CSS file: antd neither removes it nor looks each
    // style up in the page (@ant-design/cssinjs's cacheMapUtil).
    expect(styles).not.toContain('data-ant-cssinjs-cache-path=');
  });
});
