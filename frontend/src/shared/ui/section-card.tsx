import { Card, type CardProps } from 'antd';
import { useId, type CSSProperties, type ReactNode } from 'react';

import './section-card.css';

/** A heading that looks like the card title it replaces. */
export const CARD_HEADING_STYLE: CSSProperties = {
  margin: 0,
  fontSize: 'inherit',
  fontWeight: 'inherit',
  lineHeight: 'inherit',
};

interface SectionCardProps extends Omit<CardProps, 'title'> {
  title: string;
  /** Heading level of the title within the page. */
  level?: 2 | 3;
  children?: ReactNode;
}

/**
 * A card that is also a named region with a real heading, so screen readers can list a page's
 * sections and tests can find one by its title. On a phone its head wraps rather than cutting
 * the title short (section-card.css).
 */
export function SectionCard({
  title,
  level = 2,
  children,
  className,
  ...cardProps
}: SectionCardProps) {
  const id = useId();
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <Card
      role="region"
      aria-labelledby={id}
      className={className ? `section-card ${className}` : 'section-card'}
      title={
        <Heading id={id} style={CARD_HEADING_STYLE}>
          {title}
        </Heading>
      }
      {...cardProps}
    >
      {children}
    </Card>
  );
}
