import { act } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';

import { StaticMarkup } from './static-markup';

/** One entry per render of the part kept static. */
const renders: string[] = [];

function Heavy() {
  renders.push('Heavy');
  return (
    <section>
      <h2>Features</h2>
      <p>Staff records</p>
    </section>
  );
}

const page = (
  <main>
    <StaticMarkup id="static-part">
      <Heavy />
    </StaticMarkup>
  </main>
);

describe('StaticMarkup', () => {
  let container: HTMLElement;
  afterEach(() => {
    container.remove();
    renders.length = 0;
  });

  it('keeps the server-rendered markup when hydrating, without rendering its children again', async () => {
    const html = renderToString(page);
    expect(renders).toHaveLength(1);
    container = document.body.appendChild(document.createElement('div'));
    container.innerHTML = html;
    const heading = container.querySelector('h2');

    const root = await act(async () => hydrateRoot(container, page));

    expect(renders).toHaveLength(1);
    // The very same elements, not a copy.
    expect(container.querySelector('h2')).toBe(heading);
    expect(container.querySelector('#static-part')?.textContent).toBe('FeaturesStaff records');
    act(() => root.unmount());
  });

  it('renders its children where there is nothing to hydrate', async () => {
    container = document.body.appendChild(document.createElement('div'));
    const root = createRoot(container);
    await act(async () => root.render(page));

    expect(renders.length).toBeGreaterThan(0);
    expect(container.querySelector('#static-part h2')?.textContent).toBe('Features');
    act(() => root.unmount());
  });
});
