import { Alert, Button, Skeleton } from 'antd';
import type { ReactNode } from 'react';

import { getErrorMessage, getServerMessage } from '@/shared/api/errors';
import { Paragraph, Title } from '@/shared/ui/typography';

import { useGetPlanQuery } from '../api';
import { PricingCard } from './pricing-card';

function Plan({ action }: { action?: ReactNode }) {
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
  return <PricingCard plan={plan} action={action} />;
}

interface PricingSectionProps {
  /** The call to action under the plan, e.g. a button that opens the sign-up form. */
  action?: ReactNode;
}

/** What it costs: the plan served by GET /api/plan. */
export function PricingSection({ action }: PricingSectionProps) {
  return (
    <section aria-labelledby="pricing-title">
      <Title id="pricing-title" level={2}>
        Pricing
      </Title>
      <Paragraph type="secondary" style={{ fontSize: 16 }}>
        One plan with everything in it.
      </Paragraph>
      <Plan action={action} />
    </section>
  );
}
