import { Menu, type MenuProps } from 'antd';
import { NavLink, useLocation } from 'react-router';

import { isCurrentPage, MENU_PAGES } from '../routes/app-pages';

// Real links inside the items: they open in new tabs, show their address, and the menu's arrow
// keys move focus between them (antd focuses the link of the active item).
const ITEMS: MenuProps['items'] = MENU_PAGES.map((page) => ({
  key: page.path,
  icon: page.icon,
  label: (
    <NavLink to={page.path} end={page.path === '/'}>
      {page.name}
    </NavLink>
  ),
}));

/** The navigation bar of the signed-in app (docs/product.md#screens), highlighting the current page. */
export function MainNav() {
  const { pathname } = useLocation();
  const current = MENU_PAGES.find((page) => isCurrentPage(page, pathname));

  return (
    <nav aria-label="Main navigation" className="app-shell__nav">
      <Menu mode="horizontal" items={ITEMS} selectedKeys={current ? [current.path] : []} />
    </nav>
  );
}
