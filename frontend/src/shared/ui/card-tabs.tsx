import type { TabsProps } from 'antd';
import type { ComponentType } from 'react';

import { loadedInPlace } from '@/shared/lib/preloadable';

// antd's Tabs, loaded when first rendered. This module stands in for the `import Tabs from
// '../tabs'` of antd's Card (vite.config.ts, cardTabsWhenUsed): Card renders Tabs only for a
// `tabList`, which the app does not use, yet the import put Tabs (with its overflow menu and
// dropdown, about 8 KB gzip) into the first download of every page with a card.

/** antd's `Tabs`, as Card renders it for a `tabList`. */
const CardTabs: ComponentType<TabsProps> = loadedInPlace(
  async () => (await import('antd/es/tabs')).default,
).Component;
export default CardTabs;
