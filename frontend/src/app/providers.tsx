import { App as AntApp, ConfigProvider } from 'antd';
import enGB from 'antd/locale/en_GB';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';

import { QueuedToastOnLoad } from '@/shared/ui/toast';

import type { AppStore } from './store';

// Imported for its side effect: dayjs gets the en-GB locale (Monday week start) before any
// antd date component renders.
import '@/shared/lib/dates';

interface AppProvidersProps {
  store: AppStore;
  children: ReactNode;
}

export function AppProviders({ store, children }: AppProvidersProps) {
  return (
    <Provider store={store}>
      <ConfigProvider locale={enGB}>
        {/*
          Spec §9: one toast at a time, shown for five seconds. Bottom right, so a toast never
          covers the header or the navigation (the spec's toast viewport sits in a corner).
        */}
        <AntApp
          notification={{ maxCount: 1, duration: 5, placement: 'bottomRight' }}
          message={{ maxCount: 1 }}
        >
          <QueuedToastOnLoad />
          {children}
        </AntApp>
      </ConfigProvider>
    </Provider>
  );
}
