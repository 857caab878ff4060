import { CheckOutlined } from '@ant-design/icons';
import { Flex } from 'antd';
import type { ReactNode } from 'react';

import { formatPrice } from '@/shared/lib/money';
import { PlainCard } from '@/shared/ui/plain-card';
import { StaticMarkup } from '@/shared/ui/static-markup';
import { Text, Title } from '@/shared/ui/typography';

import type { PlanDto } from '../api';

interface PricingCardProps {
  plan: PlanDto;
  action?: ReactNode;
}

/**
 * The price, the trial and the features: a component of its own, so that where StaticMarkup keeps
 * the prerendered HTML none of it runs (the price is not formatted).
 */
function PlanDetails({ plan }: { plan: PlanDto }) {
  return (
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
    </Flex>
  );
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
        {/* Nothing here changes or can be clicked: where the landing page was prerendered, its
            HTML is kept as it is instead of being rendered again to hydrate it, and the price is
            not formatted in the browser (a page's first Intl object costs 10-15 ms of a phone's
            main thread). */}
        <StaticMarkup id="plan-details">
          <PlanDetails plan={plan} />
        </StaticMarkup>
        {action && <div style={{ marginTop: 16 }}>{action}</div>}
      </Flex>
    </PlainCard>
  );
}
