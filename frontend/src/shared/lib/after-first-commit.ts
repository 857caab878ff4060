import { startTransition, useEffect, useState } from 'react';

/**
 * False in a component's first render; true in the next, which React renders in a transition as
 * soon as the first has been committed. What renders only when this is true is committed in a
 * task of its own: a screen's parts appear one after the other, and none holds a phone's main
 * thread for long (React renders a transition in slices, but commits each render in one task).
 */
export function useAfterFirstCommit(): boolean {
  const [committed, setCommitted] = useState(false);
  useEffect(() => startTransition(() => setCommitted(true)), []);
  return committed;
}
