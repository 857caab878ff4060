import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Brings the element the address's hash names into view and gives it the keyboard focus, as a
 * browser does for a page it loads itself: in this app the element appears after the page has
 * loaded, so the browser cannot. For links to a section of a screen (the first-run checklist's
 * `/staff#staff-management`). The target needs `tabIndex={-1}` to take the focus.
 */
export function useScrollToHash(): void {
  const { hash } = useLocation();
  useEffect(() => {
    if (hash.length < 2) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!target) return;
    // jsdom has no scrollIntoView.
    target.scrollIntoView?.({ block: 'start' });
    target.focus({ preventScroll: true });
  }, [hash]);
}
