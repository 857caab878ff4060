import { Button, Popconfirm, type ButtonProps } from 'antd';
import {
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';

interface ConfirmButtonProps extends Omit<ButtonProps, 'onClick'> {
  /** The question, e.g. "Delete Christmas Day?". */
  confirmTitle: ReactNode;
  confirmDescription?: ReactNode;
  /** The confirming button's text, e.g. "Delete". */
  okText: string;
  /** Red confirming button, for changes that take something away. */
  okDanger?: boolean;
  /** Runs on confirmation; while its promise is pending the confirming button shows a spinner. */
  onConfirm: () => Promise<unknown> | void;
  /**
   * Mount the Popconfirm only from the first press (for long lists of rows): until then the
   * button is a plain one, and the first press puts another button in its place (same role, name
   * and focus) with the Popconfirm around it, open.
   */
  deferred?: boolean;
}

/**
 * A button that asks before acting, in an antd Popconfirm, made usable from the keyboard: the
 * popup is rendered at the end of the page, so on its own it neither receives focus nor closes on
 * Escape. Here focus moves to the confirming button when it opens, Escape closes it, and focus
 * returns to the button that opened it.
 *
 * `deferred`: the Popconfirm (a trigger, its resize observer and its popup's machinery) is
 * mounted only from the first press, which opens it, so a list of rows with a Delete each mounts
 * none on its first render (docs/performance.md#lighthouse).
 */
export function ConfirmButton({
  confirmTitle,
  confirmDescription,
  okText,
  okDanger = false,
  onConfirm,
  deferred = false,
  ...buttonProps
}: ConfirmButtonProps) {
  const [open, setOpen] = useState(false);
  // Whether the Popconfirm is mounted: from the first press on.
  const [armed, setArmed] = useState(!deferred);
  // The plain button had the focus when pressed: the one inside the Popconfirm takes it back
  // (it is another element), so Escape and closing find it where it was.
  const refocus = useRef(false);
  // The confirming button's spinner is ours, not the Popconfirm's: antd keeps that one in a
  // state it refuses to reset once its effects have been cleaned up, so a popup reopened
  // during its closing animation could show a spinner for good (seen in CI: Deactivate, then
  // Reactivate at once, left "Reactivate" loading and unclickable).
  const [confirming, setConfirming] = useState(false);
  const confirmingRef = useRef(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const okId = useId();
  const cancelId = useId();

  const close = () => {
    setOpen(false);
    // Only when focus is in the popup (about to vanish) or nowhere: a click elsewhere keeps it.
    const active = document.activeElement;
    if (!active || active === document.body || active.id === okId || active.id === cancelId) {
      triggerRef.current?.focus();
    }
  };

  // Returns nothing to antd, which would otherwise close at once or track the promise itself:
  // the popup stays open (closing is refused below) until the action settles.
  const confirm = () => {
    const result = onConfirm();
    if (!result) return;
    confirmingRef.current = true;
    setConfirming(true);
    void Promise.resolve(result)
      .catch(() => undefined)
      .finally(() => {
        confirmingRef.current = false;
        setConfirming(false);
        close();
      });
  };

  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key === 'Escape') close();
  };

  useLayoutEffect(() => {
    if (armed && refocus.current) {
      refocus.current = false;
      triggerRef.current?.focus();
    }
  }, [armed]);

  if (!armed) {
    return (
      <Button
        ref={triggerRef}
        {...buttonProps}
        onClick={() => {
          refocus.current = document.activeElement === triggerRef.current;
          setArmed(true);
          setOpen(true);
        }}
      />
    );
  }

  return (
    <Popconfirm
      open={open}
      onOpenChange={(next) => {
        if (next) setOpen(true);
        else if (!confirmingRef.current) close();
      }}
      title={confirmTitle}
      description={confirmDescription}
      okText={okText}
      okButtonProps={{ id: okId, danger: okDanger, loading: confirming, onKeyDown: closeOnEscape }}
      cancelButtonProps={{ id: cancelId, onKeyDown: closeOnEscape }}
      destroyOnHidden
      onConfirm={confirm}
      afterOpenChange={(visible) => {
        if (visible) document.getElementById(okId)?.focus();
      }}
    >
      <Button ref={triggerRef} {...buttonProps} />
    </Popconfirm>
  );
}
