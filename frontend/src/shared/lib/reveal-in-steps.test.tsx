import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';

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
});
