import { useEffect, useRef, useState } from 'react';

import { getServerMessage } from '@/shared/api/errors';

export type LinkOutcome = { ok: boolean; message: string };

/**
 * One request per link and token for the life of the page. An emailed link works once, so a
 * second request (StrictMode's double effects, or coming back to the page) would report the link
 * as invalid right after it succeeded.
 */
const outcomes = new Map<string, Promise<LinkOutcome>>();

/**
 * Follows a one-time emailed link: sends its token once and gives the outcome, undefined while
 * the answer is on its way. `link` names the kind of link (one cache entry per kind and token);
 * `failure` is said when the server's answer has no message of its own. `onOutcome` runs once the
 * answer for the page's current token is in.
 */
export function useOneTimeLink(
  link: string,
  token: string,
  send: (token: string) => Promise<{ message: string }>,
  failure: string,
  onOutcome?: (outcome: LinkOutcome) => void,
): LinkOutcome | undefined {
  const [settled, setSettled] = useState<{ token: string; outcome: LinkOutcome }>();
  // The latest callbacks, without making every render start the effect again.
  const latest = useRef({ send, onOutcome, failure });
  useEffect(() => {
    latest.current = { send, onOutcome, failure };
  });

  useEffect(() => {
    if (!token) return;
    const key = `${link}\n${token}`;
    let pending = outcomes.get(key);
    if (!pending) {
      pending = latest.current.send(token).then(
        ({ message }): LinkOutcome => ({ ok: true, message }),
        (error: unknown): LinkOutcome => ({
          ok: false,
          message: getServerMessage(error) ?? latest.current.failure,
        }),
      );
      outcomes.set(key, pending);
    }
    let current = true;
    void pending.then((outcome) => {
      if (!current) return;
      setSettled({ token, outcome });
      latest.current.onOutcome?.(outcome);
    });
    return () => {
      current = false;
    };
  }, [link, token]);

  return settled?.token === token ? settled.outcome : undefined;
}
