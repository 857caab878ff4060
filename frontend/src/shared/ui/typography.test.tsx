import { render } from '@testing-library/react';
import { ConfigProvider, Typography } from 'antd';
import { describe, expect, it } from 'vitest';

import { Paragraph, Text, Title } from './typography';

describe('typography', () => {
  it("renders the markup antd's Typography renders for plain text, so it looks the same", () => {
    const antd = render(
      <ConfigProvider>
        <Typography.Title id="t" level={2} style={{ marginTop: 0 }}>
          Pricing
        </Typography.Title>
        <Typography.Paragraph type="secondary">One plan.</Typography.Paragraph>
        <Typography.Text strong style={{ fontSize: 40 }}>
          £10
        </Typography.Text>
        <Typography.Text className="extra">per month</Typography.Text>
      </ConfigProvider>,
    );
    const ours = render(
      <ConfigProvider>
        <Title id="t" level={2} style={{ marginTop: 0 }}>
          Pricing
        </Title>
        <Paragraph type="secondary">One plan.</Paragraph>
        <Text strong style={{ fontSize: 40 }}>
          £10
        </Text>
        <Text className="extra">per month</Text>
      </ConfigProvider>,
    );

    expect(ours.container.innerHTML).toContain('ant-typography-secondary');
    expect(ours.container.isEqualNode(antd.container)).toBe(true);
  });
});
