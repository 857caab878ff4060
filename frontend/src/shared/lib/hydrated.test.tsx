import { act } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';

import { useHydrated } from './hydrated';

let seen: boolean[] = [];

function Probe() {
  const hydrated = useHydrated();
  seen.push(hydrated);
  return <p>{hydrated ? 'after' : 'before'}</p>;
}

describe('useHydrated', () => {
  let container: HTMLElement;
  afterEach(() => {
    container.remove();
    seen = [];
  });

  it('is true at once in a render with nothing to hydrate', async () => {
    container = document.body.appendChild(document.createElement('div'));
    const root = createRoot(container);
    await act(async () => root.render(<Probe />));
    expect(seen).toEqual([true]);
    expect(container.textContent).toBe('after');
    act(() => root.unmount());
  });

  it('is false on the server and while hydrating, and turns true in a deferred render after', async () => {
    expect(renderToString(<Probe />)).toContain('before');
    container = document.body.appendChild(document.createElement('div'));
    container.innerHTML = renderToString(<Probe />);
    seen = [];

    const root = await act(async () => hydrateRoot(container, <Probe />));

    // Hydration renders false, as the server did. React re-renders a store whose snapshot
    // differs from the server's at once, in the same task: that render still says false, and
    // true comes in a later render React may split into slices (what it shows can be a lot).
    expect(seen).toEqual([false, false, true]);
    expect(container.textContent).toBe('after');
    act(() => root.unmount());
  });
});
