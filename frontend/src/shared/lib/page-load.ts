/**
 * Loads `path` as a fresh page, dropping every in-memory state (store, caches, component state).
 * A module of its own so tests can replace it: jsdom cannot navigate.
 */
export function loadPage(path: string): void {
  window.location.assign(path);
}
