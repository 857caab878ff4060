import { Alert, Button, Flex, Skeleton, Typography } from 'antd';

import { getErrorMessage, getServerMessage } from '@/shared/api/errors';

import { useGetPlanQuery } from '../api';
import { PricingCard } from '../components/pricing-card';

function Pricing() {
  const { data: plan, error, isLoading, refetch } = useGetPlanQuery();

  if (isLoading) {
    return (
      <div role="status" aria-label="Loading the plan" style={{ maxWidth: 420 }}>
        <Skeleton active paragraph={{ rows: 6 }} />
      </div>
    );
  }
  if (error || !plan) {
    return (
      <Alert
        type="error"
        showIcon
        style={{ maxWidth: 420 }}
        title="We could not load the plan"
        description={getServerMessage(error) ?? getErrorMessage(error)}
        action={<Button onClick={() => void refetch()}>Try again</Button>}
      />
    );
  }
  return <PricingCard plan={plan} />;
}

/** The public page: what the product is and what it costs. */
export function LandingPage() {
  return (
    <Flex vertical gap="large" style={{ maxWidth: 960, margin: '0 auto' }}>
      <section aria-labelledby="landing-title">
        <Typography.Title id="landing-title" level={1}>
          Duty Manager
        </Typography.Title>
        <Typography.Paragraph style={{ fontSize: 18 }}>
          Put two duty managers on every weekday, and let staff swap, cancel and plan around
          holidays without a spreadsheet.
        </Typography.Paragraph>
      </section>
      <section aria-labelledby="pricing-title">
        <Typography.Title id="pricing-title" level={2}>
          Pricing
        </Typography.Title>
        <Pricing />
      </section>
    </Flex>
  );
}
