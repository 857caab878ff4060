import { DownOutlined, UpOutlined } from '@ant-design/icons';
import { Button, Typography } from 'antd';
import { useId, useState, type ReactNode } from 'react';

import { SectionCard } from './section-card';

interface CollapsibleSectionCardProps {
  title: string;
  /** One line on what the section is for, shown open or closed. */
  description: ReactNode;
  /** The body, rendered only while open: its queries run only then (docs/product.md#talking-to-the-server). */
  children: () => ReactNode;
}

/**
 * A SectionCard that starts closed, with a Show/Hide button that says what it controls
 * (aria-expanded, aria-controls). The body is mounted only while open.
 */
export function CollapsibleSectionCard({
  title,
  description,
  children,
}: CollapsibleSectionCardProps) {
  const [open, setOpen] = useState(false);
  const bodyId = useId();

  return (
    <SectionCard
      title={title}
      extra={
        <Button
          type="text"
          icon={open ? <UpOutlined aria-hidden /> : <DownOutlined aria-hidden />}
          iconPlacement="end"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen((was) => !was)}
        >
          {open ? 'Hide' : 'Show'}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary" style={{ marginBottom: open ? undefined : 0 }}>
        {description}
      </Typography.Paragraph>
      <div id={bodyId} hidden={!open}>
        {open && children()}
      </div>
    </SectionCard>
  );
}
