import { Typography } from 'antd';
import type { ReactNode } from 'react';

/** A Result's title as the page's one heading, at the size Result gives its title. */
export function ResultHeading({ children }: { children: ReactNode }) {
  return (
    <Typography.Title level={1} style={{ margin: 0, fontSize: 'inherit' }}>
      {children}
    </Typography.Title>
  );
}
