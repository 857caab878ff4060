import { Menu, type MenuProps } from 'antd';
import { useEffect, useMemo, useRef } from 'react';
import { NavLink, useLocation } from 'react-router';

import { useGetDutiesQuery } from '@/features/duties/api';
import { useAccess } from '@/shared/auth/access';

import { isCurrentPage, MENU_PAGES } from '../routes/app-pages';

/**
 * The navigation bar of the signed-in app (docs/product.md#screens), highlighting the current
 * page. A page with an `access` permission is listed only for whoever holds it; one for schools
 * that run more than the Duty Manager duty only there.
 */
export function MainNav() {
  const { pathname } = useLocation();
  const access = useAccess();
  const allowed = useMemo(
    () =>
      MENU_PAGES.filter(
        (page) => !page.access || (access.status === 'ready' && access.can(page.access)),
      ),
    [access],
  );
  // Asked only when a page listed for this person depends on it (the Dashboard asks it too). The
  // bar renders again only when the answer changes which pages it lists, not as the request
  // starts and ends.
  const needsDuties = allowed.some((page) => page.manyDutiesOnly);
  const { manyDuties } = useGetDutiesQuery(undefined, {
    skip: !needsDuties,
    selectFromResult: ({ data }) => ({ manyDuties: (data?.length ?? 0) > 1 }),
  });
  const pages = useMemo(
    () => allowed.filter((page) => !page.manyDutiesOnly || manyDuties),
    [allowed, manyDuties],
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

  // Every page stays in the bar, which scrolls sideways where they do not fit (global.css). antd's
  // "…" menu for the pages that do not fit measures every item after the first paint and renders
  // the bar again: a task of 150-200 ms of a phone's main thread at Lighthouse's 4x CPU slowdown,
  // on every signed-in page's load. The current page is scrolled into view in the next frame,
  // whose layout the browser makes anyway: measured in the effect, the bar's layout was forced in
  // the middle of the commit's task (about 30 ms of it at that slowdown).
  const bar = useRef<HTMLElement>(null);
  const currentKey = current?.path;
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      const nav = bar.current;
      const item = nav?.querySelector<HTMLElement>('.ant-menu-item-selected');
      if (!nav || !item || nav.scrollWidth <= nav.clientWidth) return;
      const { left, right } = item.getBoundingClientRect();
      const box = nav.getBoundingClientRect();
      if (left < box.left || right > box.right)
        nav.scrollLeft += (left + right - box.left - box.right) / 2;
    });
    return () => cancelAnimationFrame(frame);
  }, [currentKey]);

  return (
    <nav aria-label="Main navigation" className="app-shell__nav" ref={bar}>
      {/* No item tooltips: antd shows an item's title in one only when an inline menu is
          collapsed, which this bar never is, but still mounts a Tooltip around every item. */}
      <Menu
        mode="horizontal"
        disabledOverflow
        tooltip={false}
        items={items}
        selectedKeys={currentKey ? [currentKey] : []}
      />
    </nav>
  );
}
