import { Input, type InputProps, type InputRef } from 'antd';
import type { Ref } from 'react';

/**
 * The field for a code from an authenticator app or a recovery code: the browser may fill it from
 * an SMS or a password manager's one-time code, and it neither capitalises nor spell-checks
 * what is typed (recovery codes are letters).
 */
export function OneTimeCodeInput({ ref, style, ...props }: InputProps & { ref?: Ref<InputRef> }) {
  return (
    <Input
      ref={ref}
      autoComplete="one-time-code"
      autoCapitalize="none"
      spellCheck={false}
      style={{ maxWidth: 320, ...style }}
      {...props}
    />
  );
}
