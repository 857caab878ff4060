import { Button, Popconfirm, type ButtonProps } from 'antd';
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

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
}

/**
 * A button that asks before acting, in an antd Popconfirm, made usable from the keyboard: the
 * popup is rendered at the end of the page, so on its own it neither receives focus nor closes on
 * Escape. Here focus moves to the confirming button when it opens, Escape closes it, and focus
 * returns to the button that opened it.
 */
export function ConfirmButton({
  confirmTitle,
  confirmDescription,
  okText,
  okDanger = false,
  onConfirm,
  ...buttonProps
}: ConfirmButtonProps) {
  const [open, setOpen] = useState(false);
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

  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key === 'Escape') close();
  };

  return (
    <Popconfirm
      open={open}
      onOpenChange={(next) => (next ? setOpen(true) : close())}
      title={confirmTitle}
      description={confirmDescription}
      okText={okText}
      okButtonProps={{ id: okId, danger: okDanger, onKeyDown: closeOnEscape }}
      cancelButtonProps={{ id: cancelId, onKeyDown: closeOnEscape }}
      destroyOnHidden
      onConfirm={onConfirm}
      afterOpenChange={(visible) => {
        if (visible) document.getElementById(okId)?.focus();
      }}
    >
      <Button ref={triggerRef} {...buttonProps} />
    </Popconfirm>
  );
}
