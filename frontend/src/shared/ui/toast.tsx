import type { NotificationInstance } from 'antd/es/notification/interface';
import {
  createContext,
  lazy,
  Suspense,
  use,
  useCallback,
  useEffect,
  useRef,
  type ReactNode,
} from 'react';

import { useHydrated } from '@/shared/lib/hydrated';

/** docs/product.md#texts-on-screen: toasts come in two variants; `destructive` is for failures. */
export type ToastVariant = 'default' | 'destructive';

export interface ToastOptions {
  /** Failures default to "Error" (docs/product.md#texts-on-screen); other toasts have no title unless given one. */
  title?: string;
  description?: ReactNode;
  variant?: ToastVariant;
  /** An optional action, e.g. an Undo button. */
  action?: ReactNode;
  /** Toasts with the same key replace each other instead of stacking. */
  key?: string;
}

export type ShowToast = (options: ToastOptions) => void;

type Show = (api: NotificationInstance) => void;

/** Runs `show` with antd's notification API, now or as soon as it has loaded. */
const ToastContext = createContext<((show: Show) => void) | null>(null);

// Nobody needs a toast before they have done something, so antd's notifications load after the
// page has rendered instead of delaying it; toasts asked for before then wait for them.
const NotificationHost = lazy(async () => ({
  default: (await import('./notification-host')).NotificationHost,
}));

/** Where toasts appear: render it once, inside antd's `<ConfigProvider>`. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  const api = useRef<NotificationInstance | null>(null);
  const waiting = useRef<Show[]>([]);
  const run = useCallback((show: Show) => {
    if (api.current) show(api.current);
    else waiting.current.push(show);
  }, []);
  const onReady = useCallback((ready: NotificationInstance | null) => {
    api.current = ready;
    if (ready) for (const show of waiting.current.splice(0)) show(ready);
  }, []);

  return (
    <ToastContext value={run}>
      {/* Not in the landing page's prerendered HTML: added once the page has hydrated. */}
      {hydrated && (
        <Suspense fallback={null}>
          <NotificationHost onReady={onReady} />
        </Suspense>
      )}
      <QueuedToastOnLoad />
      {children}
    </ToastContext>
  );
}

/**
 * Shows a toast through antd's notification API. `<ToastProvider>` keeps one on screen at a time
 * for five seconds (docs/product.md#texts-on-screen), so a new toast replaces the previous one.
 */
export function useToast(): ShowToast {
  const run = use(ToastContext);
  return useCallback<ShowToast>(
    ({ title, description, variant = 'default', action, key }) => {
      if (!run) throw new Error('useToast needs a <ToastProvider> around it');
      run((notification) => {
        if (variant === 'destructive') {
          notification.error({
            title: title ?? 'Error',
            description,
            actions: action,
            key,
            role: 'alert',
          });
        } else {
          notification.open({ title, description, actions: action, key, role: 'status' });
        }
      });
    },
    [run],
  );
}

/** A toast that can survive a full page load: plain text only. */
export interface QueuedToast {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

const QUEUED_TOAST_KEY = 'queuedToast';

/**
 * Keeps a toast to show on the next page load, for flows that end in a full reload (signing in
 * reloads the app) and would otherwise lose the toast with the page.
 */
export function queueToast(toast: QueuedToast): void {
  try {
    window.sessionStorage.setItem(QUEUED_TOAST_KEY, JSON.stringify(toast));
  } catch {
    // Without storage the toast is lost; the reload itself still happens.
  }
}

function takeQueuedToast(): QueuedToast | undefined {
  try {
    const raw = window.sessionStorage.getItem(QUEUED_TOAST_KEY);
    if (raw === null) return undefined;
    window.sessionStorage.removeItem(QUEUED_TOAST_KEY);
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const { title, description, variant } = parsed as Record<string, unknown>;
    if (typeof title !== 'string') return undefined;
    return {
      title,
      description: typeof description === 'string' ? description : undefined,
      variant: variant === 'destructive' ? 'destructive' : 'default',
    };
  } catch {
    return undefined;
  }
}

/** Shows the toast queued by the previous page, once (rendered by `<ToastProvider>`). */
function QueuedToastOnLoad() {
  const toast = useToast();
  useEffect(() => {
    // Taking the toast removes it, so StrictMode's second effect run finds nothing to show.
    const queued = takeQueuedToast();
    if (queued) toast(queued);
  }, [toast]);
  return null;
}
