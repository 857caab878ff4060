import { startTransition, useEffect, useRef, useState } from 'react';

/**
 * Reveals waiting for their turn, across every component on the page that reveals in steps: one
 * at a time, each in a task of its own (a transition started from a timer) once the one before
 * it has been committed. Two lists (or a list and a section) started in the same commit would
 * otherwise be rendered and committed together, in one task again.
 */
const waiting: Array<() => void> = [];
/** Sections below a page's lists (RevealInTurn): their turn comes once no list has a step waiting. */
const waitingLast: Array<() => void> = [];
let revealing = false;

/**
 * Once a person has pressed a key or moved the focus on the page (Tab, find in page, a screen
 * reader's focus, a click), every waiting reveal goes on whatever its place: they may be heading
 * for what is not yet shown.
 */
let engaged = false;
let paused = false;

/**
 * Whether the page already reaches more than a screen below the view: then what is still waiting
 * would be out of sight, and revealing it now would hold the main thread while the first screen
 * loads (on a phone the Duties page's list alone is three screens). Read in a task of its own,
 * after the commit before has been painted, not in a commit's effects: there it would force a
 * layout in the commit's task.
 */
function farBelowView(): boolean {
  const page = document.documentElement;
  return page.scrollHeight - (window.scrollY + window.innerHeight) > window.innerHeight;
}

const RESUME_ON = ['scroll', 'resize'] as const;
const ENGAGE_ON = ['keydown', 'focusin'] as const;
let listening = false;

/** From the first reveal queued on, until a person engages (whether or not a reveal waits yet). */
function listenForEngagement(): void {
  if (listening || engaged) return;
  listening = true;
  for (const type of ENGAGE_ON) window.addEventListener(type, engage, true);
}

function resume(): void {
  if (!paused || (!engaged && farBelowView())) return;
  paused = false;
  for (const type of RESUME_ON) window.removeEventListener(type, resume);
  setTimeout(revealNext, 0);
}

function engage(): void {
  engaged = true;
  for (const type of ENGAGE_ON) window.removeEventListener(type, engage, true);
  resume();
}

function revealNext(): void {
  if (waiting.length === 0 && waitingLast.length === 0) {
    revealing = false;
    return;
  }
  if (!engaged && farBelowView()) {
    // Waits until a scroll brings the page's end within a screen, or a person engages.
    paused = true;
    for (const type of RESUME_ON) window.addEventListener(type, resume, { passive: true });
    return;
  }
  const reveal = waiting.shift() ?? waitingLast.shift();
  if (reveal) startTransition(reveal);
}

function nextReveal(): void {
  revealing = waiting.length > 0 || waitingLast.length > 0;
  if (revealing && !paused) setTimeout(revealNext, 0);
}

/** Queues `reveal`; returns what takes it out of the queue again, if it has not run yet. */
function awaitTurn(reveal: () => void, last: boolean): () => void {
  const queue = last ? waitingLast : waiting;
  queue.push(reveal);
  listenForEngagement();
  if (!revealing) nextReveal();
  return () => {
    const at = queue.indexOf(reveal);
    if (at >= 0) queue.splice(at, 1);
  };
}

/**
 * How many of a long list's `total` items to render: `first` at once, then `step` more at each of
 * its turns, until all are in. Each turn comes in a task of its own, after the commit of the turn
 * before (this list's or another's).
 *
 * React renders a transition in slices but commits each render in one task, and mounting a row
 * of antd components (buttons with their wave, icons, tags) costs about 15 ms of a phone's main
 * thread at Lighthouse's 4x CPU slowdown. The Duties page's 14 duties and the sections under them
 * committed at once were tasks of 250-560 ms there (its Total Blocking Time); in steps of a few
 * rows each commit stays near or under 50 ms, and the first rows show as soon as before. The
 * count never falls: a list that shrinks and grows again (a refetch) shows its rows at once.
 * With `last`, its turns come only when no other list has a step waiting (a section below them).
 */
export function useRevealInSteps(total: number, step: number, first = step, last = false): number {
  const [shown, setShown] = useState(first);
  // True from this component's turn until the commit it caused: then the next turn may start.
  const revealed = useRef(false);
  const more = shown < total;

  useEffect(() => {
    if (revealed.current) {
      revealed.current = false;
      nextReveal();
    }
    if (!more) return;
    let current = true;
    const cancel = awaitTurn(() => {
      if (!current) return nextReveal();
      revealed.current = true;
      setShown((count) => count + step);
    }, last);
    return () => {
      current = false;
      cancel();
    };
    // `shown` is a dependency so that each commit of a step queues the next.
  }, [more, shown, step, last]);

  useEffect(
    () => () => {
      // Unmounted (or hidden) between its turn and the commit: the turn passes on.
      if (revealed.current) {
        revealed.current = false;
        nextReveal();
      }
    },
    [],
  );

  return Math.min(shown, total);
}
