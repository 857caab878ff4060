import { EditOutlined } from '@ant-design/icons';
import { Button, Flex, Space, Spin, Typography } from 'antd';
import { useState, type ReactNode } from 'react';

import { CollapsibleSectionCard } from '@/shared/ui/collapsible-section-card';
import { SectionCard } from '@/shared/ui/section-card';

interface SettingsCardProps {
  title: string;
  /** One line on what the settings are for, under the title. */
  description: ReactNode;
  /** Starts closed behind a Show/Hide button; the body, and its queries, mount only while open. */
  collapsible?: boolean;
  /** The body: a component that reads the settings and shows them in a SettingsEditor. */
  children: () => ReactNode;
}

/** An Admin Panel settings section: a named region with its title and description, then the body. */
export function SettingsCard({
  title,
  description,
  collapsible = false,
  children,
}: SettingsCardProps) {
  if (collapsible) {
    return (
      <CollapsibleSectionCard title={title} description={description}>
        {children}
      </CollapsibleSectionCard>
    );
  }
  return (
    <SectionCard title={title}>
      <Typography.Paragraph type="secondary">{description}</Typography.Paragraph>
      {children()}
    </SectionCard>
  );
}

interface SettingsEditorProps<T> {
  /** The saved settings; undefined until loaded, or when they could not be. */
  settings: T | undefined;
  /** Shows `loadingView`; otherwise missing settings show `failedView`. */
  loading: boolean;
  loadingView: ReactNode;
  failedView: ReactNode;
  /** The view mode, with the Edit button that switches to the form. */
  view: (settings: T, editButton: ReactNode) => ReactNode;
  /**
   * The edit mode, mounted only while editing, so leaving it drops the draft. `done` goes back to
   * the view, after a save or on Cancel.
   */
  form: (settings: T, done: () => void) => ReactNode;
  /** Back in the view mode, the Edit button takes the focus instead of it being lost. */
  refocusEdit?: boolean;
}

/** A settings card's body: loading, failed, or the saved settings with an Edit mode. */
export function SettingsEditor<T>({
  settings,
  loading,
  loadingView,
  failedView,
  view,
  form,
  refocusEdit = false,
}: SettingsEditorProps<T>) {
  const [editing, setEditing] = useState(false);
  const [leftEditing, setLeftEditing] = useState(false);

  if (loading) return loadingView;
  if (settings === undefined) return failedView;

  if (editing) {
    return form(settings, () => {
      setEditing(false);
      setLeftEditing(true);
    });
  }
  return view(
    settings,
    <Button
      icon={<EditOutlined aria-hidden />}
      autoFocus={refocusEdit && leftEditing}
      onClick={() => setEditing(true)}
    >
      Edit
    </Button>,
  );
}

/** The settings on their way: a spinner and what is loading, announced politely. */
export function SettingsLoading({ text, label }: { text: string; label?: string }) {
  return (
    <Flex role="status" aria-live="polite" aria-label={label} gap="small" align="center">
      <Spin size="small" />
      <Typography.Text type="secondary">{text}</Typography.Text>
    </Flex>
  );
}

/** A settings form's Save (its submit button) and Cancel, both held while saving. */
export function SaveCancelButtons({ saving, onCancel }: { saving: boolean; onCancel: () => void }) {
  return (
    <Space>
      <Button type="primary" htmlType="submit" loading={saving}>
        Save
      </Button>
      <Button onClick={onCancel} disabled={saving}>
        Cancel
      </Button>
    </Space>
  );
}
