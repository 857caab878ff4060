import { CheckOutlined } from '@ant-design/icons';
import { Flex } from 'antd';
import type { ReactNode } from 'react';

import { formatPrice } from '@/shared/lib/money';
import { PlainCard } from '@/shared/ui/plain-card';
import { Text, Title } from '@/shared/ui/typography';

import type { PlanDto } from '../api';

interface PricingCardProps {
  plan: PlanDto;
  action?: ReactNode;
}

export function PricingCard({ plan, action }: PricingCardProps) {
  return (
    <PlainCard
      style={{ maxWidth: 420 }}
      title={
        <Title level={3} style={{ margin: 0 }}>
          {plan.name}
        </Title>
      }
    >
      <Flex vertical gap="small">
        <Flex align="baseline" gap="small">
          <Text strong style={{ fontSize: 40, lineHeight: 1 }}>
            {formatPrice(plan.pricePerMonth, plan.currency)}
          </Text>
          <Text type="secondary">per month</Text>
        </Flex>
        <Text>{plan.trialDays}-day free trial</Text>
        <Text type="secondary">
          {plan.creditCardRequired ? 'Credit card required' : 'No credit card required'}
        </Text>
        <ul
          aria-label={`${plan.name} plan features`}
          style={{ listStyle: 'none', padding: 0, margin: '16px 0 0' }}
        >
          {plan.features.map((feature) => (
            <li key={feature} style={{ display: 'flex', gap: 8, padding: '4px 0' }}>
              <CheckOutlined aria-hidden style={{ color: '#52c41a' }} />
              <Text>{feature}</Text>
            </li>
          ))}
        </ul>
        {action && <div style={{ marginTop: 16 }}>{action}</div>}
      </Flex>
    </PlainCard>
  );
}
