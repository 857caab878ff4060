import { render } from '@testing-library/react';
import { Card, ConfigProvider } from 'antd';
import { describe, expect, it } from 'vitest';

import { PlainCard } from './plain-card';

describe('PlainCard', () => {
  it("renders the markup antd's Card renders for a title and a body, so it looks the same", () => {
    const antd = render(
      <ConfigProvider>
        <Card style={{ maxWidth: 420 }} title={<h3>Professional</h3>}>
          <p>£10</p>
        </Card>
        <Card style={{ height: '100%' }}>
          <p>Holidays</p>
        </Card>
      </ConfigProvider>,
    );
    const ours = render(
      <ConfigProvider>
        <PlainCard style={{ maxWidth: 420 }} title={<h3>Professional</h3>}>
          <p>£10</p>
        </PlainCard>
        <PlainCard style={{ height: '100%' }}>
          <p>Holidays</p>
        </PlainCard>
      </ConfigProvider>,
    );

    expect(ours.container.innerHTML).toContain('ant-card-head-title');
    expect(ours.container.isEqualNode(antd.container)).toBe(true);
  });
});
