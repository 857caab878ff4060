import { ConfigProvider } from 'antd';
// The styles of antd's `<App>` root (the theme's font, size, line height and text colour for
// everything inside), without `<App>`: it would bring antd's modal and message APIs into every
// page's first download, and the app uses neither (toasts come from `<ToastProvider>`).
import useAppStyle from 'antd/es/app/style';
import enGB from 'antd/locale/en_GB';
import { useContext, useMemo, type ReactNode } from 'react';
import { Provider } from 'react-redux';

import { usePrefersReducedMotion } from '@/shared/ui/reduced-motion';
import { ACCESSIBLE_THEME } from '@/shared/ui/theme';
import { ToastProvider } from '@/shared/ui/toast';

import type { AppStore } from './store';

interface AppProvidersProps {
  store: AppStore;
  children: ReactNode;
}

/** The `<div class="ant-app">` antd's `<App>` renders, with the same styles. */
function AppRoot({ children }: { children: ReactNode }) {
  const { getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  const prefixCls = getPrefixCls('app');
  const [hashId, cssVarCls] = useAppStyle(prefixCls);
  return <div className={`${hashId} ${prefixCls} ${cssVarCls}`}>{children}</div>;
}

export function AppProviders({ store, children }: AppProvidersProps) {
  const reducedMotion = usePrefersReducedMotion();
  const theme = useMemo(
    () =>
      reducedMotion
        ? { ...ACCESSIBLE_THEME, token: { ...ACCESSIBLE_THEME.token, motion: false } }
        : ACCESSIBLE_THEME,
    [reducedMotion],
  );
  return (
    <Provider store={store}>
      <ConfigProvider locale={enGB} theme={theme}>
        <AppRoot>
          <ToastProvider>{children}</ToastProvider>
        </AppRoot>
      </ConfigProvider>
    </Provider>
  );
}
