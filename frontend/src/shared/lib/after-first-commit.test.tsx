import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';

import { useAfterFirstCommit } from './after-first-commit';

describe('useAfterFirstCommit', () => {
  it('is false in the first render and true in a second, committed separately', async () => {
    const seen: boolean[] = [];
    const committed: string[] = [];
    function Probe() {
      const after = useAfterFirstCommit();
      seen.push(after);
      return (
        <p ref={(node) => void (node && committed.push(node.textContent ?? ''))}>{String(after)}</p>
      );
    }
    const container = document.body.appendChild(document.createElement('div'));
    const root = createRoot(container);

    await act(async () => root.render(<Probe />));

    expect(seen).toEqual([false, true]);
    // Each value reached the DOM: two commits, not one.
    expect(committed).toEqual(['false', 'true']);
    expect(container.textContent).toBe('true');
    act(() => root.unmount());
    container.remove();
  });
});
