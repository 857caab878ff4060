import { useState, type ReactNode } from 'react';

import { useServerOrHydrating } from '@/shared/lib/hydrated';

interface StaticMarkupProps {
  /** The wrapper's id, unique on the page: the browser finds the server's markup by it. */
  id: string;
  children: ReactNode;
}

/**
 * Content with nothing to click or update (the landing page's hero and features), rendered to
 * HTML at build time and then left as it is: where the browser hydrates that HTML, this keeps the
 * server's markup (`dangerouslySetInnerHTML`, which React does not descend into) instead of
 * rendering and hydrating every antd component inside it on the visitor's main thread. Rendered
 * anywhere else (no prerendered HTML: another host, a later visit to the page within the app),
 * it renders its children as usual.
 */
export function StaticMarkup({ id, children }: StaticMarkupProps) {
  const serverOrHydrating = useServerOrHydrating();
  // Read once: after hydration the same markup stays, and React leaves equal HTML untouched.
  const [serverHtml] = useState(() =>
    serverOrHydrating && typeof document !== 'undefined'
      ? (document.getElementById(id)?.innerHTML ?? null)
      : null,
  );
  if (serverHtml !== null) return <div id={id} dangerouslySetInnerHTML={{ __html: serverHtml }} />;
  return <div id={id}>{children}</div>;
}
