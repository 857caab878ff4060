import { Form, Input, type GetRef } from 'antd';
import type { Ref } from 'react';

/** The server's length limit of a reason: a request's, or a direct edit's on the rota. */
export const REASON_MAX_LENGTH = 500;

/** A required Reason (docs/product.md#texts-on-screen), up to the server's length limit. */
export function ReasonField({
  requiredMessage,
  inputRef,
}: {
  requiredMessage: string;
  inputRef?: Ref<GetRef<typeof Input.TextArea>>;
}) {
  return (
    <Form.Item
      label="Reason"
      name="reason"
      rules={[{ required: true, whitespace: true, message: requiredMessage }]}
    >
      <Input.TextArea
        ref={inputRef}
        autoSize={{ minRows: 3, maxRows: 6 }}
        maxLength={REASON_MAX_LENGTH}
        showCount
      />
    </Form.Item>
  );
}
