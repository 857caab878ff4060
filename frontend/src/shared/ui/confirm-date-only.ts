import type { KeyboardEvent } from 'react';

/**
 * For a date picker's `onKeyDown`: Enter in a date field confirms the typed date. The picker does
 * not stop the key, so the browser would also submit the form, half-filled, from the first date
 * typed.
 */
export function confirmDateOnly(event: KeyboardEvent) {
  if (event.key === 'Enter') event.preventDefault();
}
