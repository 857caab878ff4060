import { Layout } from 'antd';
import { Link, Outlet } from 'react-router';

const MAIN_ID = 'main-content';

/** The frame around every screen: header now, navigation and the user menu later. */
export function AppShell() {
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <a className="skip-link" href={`#${MAIN_ID}`}>
        Skip to main content
      </a>
      <Layout.Header style={{ display: 'flex', alignItems: 'center' }}>
        <Link to="/" className="app-shell__brand">
          Duty Manager
        </Link>
      </Layout.Header>
      {/* tabIndex lets the skip link move keyboard focus, not just scroll. */}
      <Layout.Content id={MAIN_ID} tabIndex={-1} className="app-shell__content">
        <Outlet />
      </Layout.Content>
    </Layout>
  );
}
