import { Modal } from 'antd';
import type { ReactElement } from 'react';

import { getServerCode, getServerMessage, isApiError } from '@/shared/api/errors';

/**
 * The refusals of a hand edit an admin or manager may overrule (docs/product.md#working-patterns):
 * a day outside the person's working pattern, or a week already at their cap. The hard rules
 * (a holiday, someone away, a full day) are never offered.
 */
export const OVERRIDABLE_CODES: readonly string[] = ['not_working_day', 'over_weekly_cap'];

export const OVERRIDE_QUESTION = 'Assign anyway?';

/** Whether `error` is a 409 the server would accept with `override: true`. */
export function isOverridable(error: unknown): boolean {
  const code = getServerCode(error);
  return (
    isApiError(error) &&
    error.status === 409 &&
    code !== undefined &&
    OVERRIDABLE_CODES.includes(code)
  );
}

export interface ConfirmOverride {
  /**
   * Sends the edit; when the server refuses it for a reason that may be overruled, shows its
   * message and asks "Assign anyway?". Confirming sends the same edit again with `override: true`;
   * cancelling changes nothing and resolves to undefined. Any other failure is thrown.
   */
  send: <T>(attempt: (override: boolean) => Promise<T>) => Promise<T | undefined>;
  /** Rendered by the form, so the confirmation has the app's theme and locale. */
  contextHolder: ReactElement;
}

export function useConfirmOverride(): ConfirmOverride {
  const [modal, contextHolder] = Modal.useModal();

  const send = async <T,>(attempt: (override: boolean) => Promise<T>): Promise<T | undefined> => {
    try {
      return await attempt(false);
    } catch (error) {
      if (!isOverridable(error)) throw error;
      const confirmed = await modal.confirm({
        title: OVERRIDE_QUESTION,
        content: getServerMessage(error),
        okText: 'Assign anyway',
        cancelText: 'Cancel',
      });
      if (!confirmed) return undefined;
      return attempt(true);
    }
  };

  return { send, contextHolder };
}
