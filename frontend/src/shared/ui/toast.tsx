import { App } from 'antd';
import { useCallback, useEffect, type ReactNode } from 'react';

/** Spec §2: toasts come in two variants; `destructive` is for failures. */
export type ToastVariant = 'default' | 'destructive';

export interface ToastOptions {
  /** Failures default to "Error" (spec §8); other toasts have no title unless given one. */
  title?: string;
  description?: ReactNode;
  variant?: ToastVariant;
  /** An optional action, e.g. an Undo button. */
  action?: ReactNode;
  /** Toasts with the same key replace each other instead of stacking. */
  key?: string;
}

export type ShowToast = (options: ToastOptions) => void;

/**
 * Shows a toast through antd's notification API. The app's `<App>` keeps one on screen at a
 * time for five seconds (spec §9), so a new toast replaces the previous one.
 */
export function useToast(): ShowToast {
  const { notification } = App.useApp();
  return useCallback<ShowToast>(
    ({ title, description, variant = 'default', action, key }) => {
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
    },
    [notification],
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
 * reloads the app, spec §8) and would otherwise lose the toast with the page.
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

/** Shows the toast queued by the previous page, once. Render it once, inside antd's `<App>`. */
export function QueuedToastOnLoad() {
  const toast = useToast();
  useEffect(() => {
    // Taking the toast removes it, so StrictMode's second effect run finds nothing to show.
    const queued = takeQueuedToast();
    if (queued) toast(queued);
  }, [toast]);
  return null;
}
