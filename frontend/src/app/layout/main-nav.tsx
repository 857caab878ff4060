import { Menu, type MenuProps } from 'antd';
import { useMemo } from 'react';
import { NavLink, useLocation } from 'react-router';

import { useAccess } from '@/shared/auth/access';

import { isCurrentPage, MENU_PAGES } from '../routes/app-pages';

/**
 * The navigation bar of the signed-in app (docs/product.md#screens), highlighting the current
 * page. A page with an `access` permission is listed only for whoever holds it.
 */
export function MainNav() {
  const { pathname } = useLocation();
  const access = useAccess();
  const pages = useMemo(
    () =>
      MENU_PAGES.filter(
        (page) => !page.access || (access.status === 'ready' && access.can(page.access)),
      ),
    [access],
  );
  // Real links inside the items: they open in new tabs, show their address, and the menu's
  // arrow keys move focus between them (antd focuses the link of the active item).
  const items: MenuProps['items'] = useMemo(
    () =>
      pages.map((page) => ({
        key: page.path,
        icon: page.icon,
        label: (
          <NavLink to={page.path} end={page.path === '/'}>
            {page.name}
          </NavLink>
        ),
      })),
    [pages],
  );
  const current = pages.find((page) => isCurrentPage(page, pathname));

  return (
    <nav aria-label="Main navigation" className="app-shell__nav">
      <Menu mode="horizontal" items={items} selectedKeys={current ? [current.path] : []} />
    </nav>
  );
}
