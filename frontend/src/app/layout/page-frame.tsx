import { Layout } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

const MAIN_ID = 'main-content';

interface PageFrameProps {
  /** Header content after the product title. */
  header?: ReactNode;
  /** A bar between the header and the content, e.g. the navigation. */
  nav?: ReactNode;
  children: ReactNode;
}

/** The frame shared by the signed-in shell and the public screens: banner, then main. */
export function PageFrame({ header, nav, children }: PageFrameProps) {
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <a className="skip-link" href={`#${MAIN_ID}`}>
        Skip to main content
      </a>
      <Layout.Header className="app-shell__header no-print">
        <Link to="/" className="app-shell__brand">
          Duty Manager
        </Link>
        {header}
      </Layout.Header>
      {nav && <div className="no-print">{nav}</div>}
      {/* tabIndex lets the skip link move keyboard focus, not just scroll. */}
      <Layout.Content id={MAIN_ID} tabIndex={-1} className="app-shell__content">
        {children}
      </Layout.Content>
    </Layout>
  );
}
