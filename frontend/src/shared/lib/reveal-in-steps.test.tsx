import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { RevealInTurn } from '@/shared/ui/reveal-in-turn';

import { useRevealInSteps } from './reveal-in-steps';

/**
 * A list of `total` items revealed `step` at a time; `log` gets, for each commit, the list's name
 * and how many of its items the DOM then held.
 */
function List({
  name,
  total,
  step,
  log,
}: {
  name: string;
  total: number;
  step: number;
  log: string[];
}) {
  const shown = useRevealInSteps(total, step);
  return (
    <ul
      aria-label={name}
      ref={(node) => {
        if (node) log.push(`${name}:${node.children.length}`);
      }}
      // A new list element for each count, so that the ref above hears of every commit.
      key={shown}
    >
      {Array.from({ length: shown }, (_, i) => (
        <li key={i}>{`${name} ${i + 1}`}</li>
      ))}
    </ul>
  );
}

describe('useRevealInSteps', () => {
  it('renders the first step at once and the rest a step per commit, until all are in', async () => {
    const log: string[] = [];
    render(<List name="a" total={7} step={3} log={log} />);
    // The first step is in the first commit, before any timer has run.
    expect(screen.getAllByRole('listitem')).toHaveLength(3);

    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(7));
    // One commit per step: 3, 6, then the last one.
    expect(log).toEqual(['a:3', 'a:6', 'a:7']);
  });

  it("takes turns between lists: no commit reveals two lists' steps", async () => {
    const log: string[] = [];
    const { container } = render(
      <>
        <List name="a" total={6} step={2} log={log} />
        <List name="b" total={6} step={2} log={log} />
      </>,
    );
    // The lists changed by each commit: a commit runs in one task, and the observer hears of it
    // once, at the end of that task.
    const commits: string[] = [];
    const observer = new MutationObserver((records) => {
      // Each list's element is replaced at each of its commits (its key is its count).
      const added = records.flatMap((record) => [...record.addedNodes]) as Element[];
      const lists = new Set(added.map((list) => list.getAttribute('aria-label')));
      commits.push([...lists].sort().join('+'));
    });
    observer.observe(container, { childList: true, subtree: true });
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(12));
    observer.disconnect();
    // Each later commit holds one list's step: a and b alternate instead of growing together.
    expect(log).toEqual(['a:2', 'b:2', 'a:4', 'b:4', 'a:6', 'b:6']);
    expect(commits).toEqual(['a', 'b', 'a', 'b']);
  });

  it('passes the turn on when a list waiting for it goes away', async () => {
    const log: string[] = [];
    function Page() {
      const [gone, setGone] = useState(false);
      return (
        <>
          {!gone && <List name="a" total={9} step={1} log={log} />}
          <List name="b" total={3} step={1} log={log} />
          <button onClick={() => setGone(true)}>drop a</button>
        </>
      );
    }
    render(<Page />);
    fireEvent.click(screen.getByRole('button', { name: 'drop a' }));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(3));
    expect(screen.queryByRole('list', { name: 'a' })).toBeNull();
  });

  it('never takes rows back: a list that shrinks and grows again shows them at once', async () => {
    function Changing({ total }: { total: number }) {
      const shown = useRevealInSteps(total, 2);
      return <p>{shown}</p>;
    }
    const { rerender } = render(<Changing total={5} />);
    await waitFor(() => expect(screen.getByText('5')).toBeTruthy());
    rerender(<Changing total={1} />);
    expect(screen.getByText('1')).toBeTruthy();
    rerender(<Changing total={5} />);
    expect(screen.getByText('5')).toBeTruthy();
  });
});

describe('RevealInTurn', () => {
  it('renders its children after the first commit, in a commit of their own', async () => {
    const log: string[] = [];
    render(
      <>
        <List name="a" total={2} step={1} log={log} />
        <RevealInTurn>
          <p>below</p>
        </RevealInTurn>
      </>,
    );
    expect(screen.queryByText('below')).toBeNull();
    await screen.findByText('below');
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(2));
  });

  it("comes after the page's lists have revealed their rows", async () => {
    const log: string[] = [];
    render(
      <>
        <RevealInTurn>
          <p>below</p>
        </RevealInTurn>
        <List name="a" total={6} step={2} log={log} />
      </>,
    );
    await screen.findByText('below');
    // Queued before the list's turns, the section still came once all of the list was in.
    expect(screen.getAllByRole('listitem')).toHaveLength(6);
    expect(log).toEqual(['a:2', 'a:4', 'a:6']);
  });
});

// Last in this file: a key pressed on the page lets every later reveal go on for the module's
// life, as it does for the rest of a visit.
describe('useRevealInSteps below the view', () => {
  /** A page whose content reaches `below` px under the bottom of an 800 px tall view. */
  function pageReaching(below: number) {
    Object.defineProperty(window, 'innerHeight', { configurable: true, value: 800 });
    Object.defineProperty(document.documentElement, 'scrollHeight', {
      configurable: true,
      value: 800 + below,
    });
  }

  afterEach(() => {
    vi.restoreAllMocks();
    Reflect.deleteProperty(document.documentElement, 'scrollHeight');
  });

  /** Resolves once the reveals have stopped to wait for a scroll. */
  async function waitingForScroll() {
    const listening = vi.spyOn(window, 'addEventListener');
    await waitFor(() =>
      expect(listening).toHaveBeenCalledWith('scroll', expect.any(Function), { passive: true }),
    );
    return vi.spyOn(window, 'removeEventListener');
  }

  it('waits while the page reaches over a screen below the view, and goes on when a scroll comes near', async () => {
    pageReaching(1000);
    render(<List name="a" total={6} step={2} log={[]} />);
    const stopped = await waitingForScroll();
    // Its turn came and found the page far below the view: nothing after the first step.
    expect(screen.getAllByRole('listitem')).toHaveLength(2);

    pageReaching(900);
    fireEvent.scroll(window);
    // Still more than a screen below: still waiting.
    expect(stopped).not.toHaveBeenCalled();

    pageReaching(300);
    fireEvent.scroll(window);
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(6));
  });

  it('goes on at once when a key is pressed on the page (Tab, find in page)', async () => {
    pageReaching(5000);
    render(<List name="b" total={6} step={2} log={[]} />);
    await waitingForScroll();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);

    fireEvent.keyDown(document.body, { key: 'Tab' });
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(6));
  });

  it('once a person has engaged, a list that grows later reveals all of it though the page is long', async () => {
    pageReaching(5000);
    const { rerender } = render(<List name="c" total={2} step={2} log={[]} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    // Engaged above (a key); a click's focus counts the same, before any reveal has waited.
    rerender(<List name="c" total={6} step={2} log={[]} />);
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(6));
  });
});
