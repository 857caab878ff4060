/** The body class that limits printing to the rota (see rota.css). */
export const PRINTING_CLASS = 'rota-printing';

/**
 * Opens the browser's print dialog for the rota on screen: while it is open only the element
 * marked `.rota-print-area` prints (A4 landscape, global.css), not the rest of the page.
 */
export function printRota(): void {
  const { body } = document;
  body.classList.add(PRINTING_CLASS);
  const done = () => {
    body.classList.remove(PRINTING_CLASS);
    window.removeEventListener('afterprint', done);
  };
  window.addEventListener('afterprint', done);
  window.print();
}
