import type { NotificationInstance } from 'antd/es/notification/interface';
// The hook alone: antd's `<App>` would also bring its modal and message APIs, and the
// `notification` object its static methods, which render outside React.
import useNotification from 'antd/es/notification/useNotification';
import { useEffect } from 'react';

/**
 * Renders antd's notifications and hands their API over once it can show them. A module of its
 * own so that `<ToastProvider>` loads it after the page has rendered, not before.
 */
export function NotificationHost({
  onReady,
}: {
  onReady: (api: NotificationInstance | null) => void;
}) {
  // docs/product.md#texts-on-screen: one toast at a time, shown for five seconds. Bottom right,
  // in a corner, so a toast never covers the header or the navigation.
  const [api, holder] = useNotification({ maxCount: 1, duration: 5, placement: 'bottomRight' });
  // After the holder has mounted: antd drops what is opened before.
  useEffect(() => {
    onReady(api);
    return () => onReady(null);
  }, [api, onReady]);
  return holder;
}
