import { Card, Space, Statistic } from 'antd';
import { useId, type ReactNode } from 'react';

/** One team figure, a group named by its title. */
export function Figure({ title, value, hint }: { title: string; value: string; hint?: ReactNode }) {
  const titleId = useId();
  return (
    <Card role="group" aria-labelledby={titleId} size="small" style={{ height: '100%' }}>
      <Statistic
        title={
          <Space size={4}>
            <span id={titleId}>{title}</span>
            {hint}
          </Space>
        }
        value={value}
      />
    </Card>
  );
}
