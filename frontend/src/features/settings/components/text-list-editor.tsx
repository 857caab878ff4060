import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Input, Typography, type FormListFieldData } from 'antd';
import { useEffect, useId, useRef, type ReactNode } from 'react';

interface TextListEditorProps {
  /** The form field holding the list of strings. */
  name: string;
  /** The list's visible name, e.g. "Key reminders": the group's accessible name. */
  label: string;
  /**
   * One item's name, e.g. "Key reminder": each field is labelled "Key reminder 1", its remove
   * button "Remove key reminder 1", and the add button "Add key reminder".
   */
  itemLabel: string;
  /** Most items the list may have; the add button is disabled at the limit. */
  maxItems: number;
  /** Most characters an item may have. */
  maxLength: number;
  /** Extra guidance shown under the list and announced with the group. */
  help?: ReactNode;
}

/**
 * An editable list of short texts inside an antd `Form`, built on `Form.List`: one labelled text
 * field per item, each with its own remove button, and an add button. Focus follows the edits:
 * a new item's field is focused, and removing an item focuses the field that took its place (or
 * the add button when none is left).
 */
export function TextListEditor({
  name,
  label,
  itemLabel,
  maxItems,
  maxLength,
  help,
}: TextListEditorProps) {
  const labelId = useId();
  const helpId = useId();
  return (
    <div
      role="group"
      aria-labelledby={labelId}
      aria-describedby={helpId}
      style={{ marginBottom: 24 }}
    >
      <div style={{ paddingBottom: 8 }}>
        <Typography.Text id={labelId}>{label}</Typography.Text>
      </div>
      <Form.List name={name}>
        {(fields, { add, remove }) => (
          <ListItems
            fields={fields}
            add={() => add('')}
            remove={remove}
            itemLabel={itemLabel}
            listLabel={label}
            maxItems={maxItems}
            maxLength={maxLength}
          />
        )}
      </Form.List>
      <Typography.Text id={helpId} type="secondary">
        {help}
        {help ? ' ' : null}
        {`Up to ${maxItems} items, each at most ${maxLength} characters.`}
      </Typography.Text>
    </div>
  );
}

interface ListItemsProps {
  fields: FormListFieldData[];
  add: () => void;
  remove: (index: number) => void;
  itemLabel: string;
  listLabel: string;
  maxItems: number;
  maxLength: number;
}

/** The items and the add button; re-rendered by `Form.List` whenever the list changes. */
function ListItems({
  fields,
  add,
  remove,
  itemLabel,
  listLabel,
  maxItems,
  maxLength,
}: ListItemsProps) {
  const itemsRef = useRef<HTMLDivElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  /** Where focus goes once the list has re-rendered: an item's index, or -1 for the add button. */
  const pendingFocus = useRef<number | null>(null);
  const lowerItem = itemLabel.toLowerCase();
  const full = fields.length >= maxItems;

  useEffect(() => {
    const target = pendingFocus.current;
    if (target === null) return;
    pendingFocus.current = null;
    const inputs = itemsRef.current?.querySelectorAll<HTMLInputElement>('input') ?? [];
    const input = target >= 0 ? inputs[target] : undefined;
    if (input) input.focus();
    else addRef.current?.focus();
  });

  const addItem = () => {
    pendingFocus.current = fields.length;
    add();
  };

  const removeItem = (index: number) => {
    const remaining = fields.length - 1;
    pendingFocus.current = remaining === 0 ? -1 : Math.min(index, remaining - 1);
    remove(index);
  };

  return (
    <>
      <div ref={itemsRef}>
        {fields.length === 0 && (
          <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
            {`No ${listLabel.toLowerCase()}.`}
          </Typography.Paragraph>
        )}
        {fields.map(({ key, name }, index) => {
          const number = index + 1;
          return (
            <Flex key={key} gap="small" align="start">
              <Form.Item
                name={name}
                style={{ flex: 1, marginBottom: 12 }}
                rules={[
                  {
                    required: true,
                    whitespace: true,
                    message: `Please enter ${lowerItem} ${number} or remove it`,
                  },
                  {
                    max: maxLength,
                    message: `${itemLabel} ${number} must be at most ${maxLength} characters`,
                  },
                ]}
              >
                <Input aria-label={`${itemLabel} ${number}`} />
              </Form.Item>
              <Button
                icon={<DeleteOutlined aria-hidden />}
                aria-label={`Remove ${lowerItem} ${number}`}
                title={`Remove ${lowerItem} ${number}`}
                onClick={() => removeItem(index)}
              />
            </Flex>
          );
        })}
      </div>
      <Button
        ref={addRef}
        type="dashed"
        icon={<PlusOutlined aria-hidden />}
        disabled={full}
        onClick={addItem}
        style={{ marginBottom: 8 }}
      >
        {`Add ${lowerItem}`}
      </Button>
    </>
  );
}
