import { Button, Card, Col, Flex, Row } from 'antd';
import { lazy, Suspense, useRef, useState } from 'react';
import { useLocation } from 'react-router';

import { GetStartedTabs, type GetStartedTab } from '@/features/auth/components/get-started-tabs';
import { wantsSignIn } from '@/features/auth/session/sign-in-intent';
import { LandingHero } from '@/features/tenants/components/landing-hero';
import { PageTitle } from '@/shared/ui/page-title';
import { Title } from '@/shared/ui/typography';

// Below the fold: loaded after the first screen has rendered (their skeleton, alert and icons
// would otherwise delay it).
const FeaturesSection = lazy(async () => ({
  default: (await import('@/features/tenants/components/features-section')).FeaturesSection,
}));
const PricingSection = lazy(async () => ({
  default: (await import('@/features/tenants/components/pricing-section')).PricingSection,
}));

/**
 * What a signed-out visitor sees at any path (spec §2): the product, sign-up and sign-in side by
 * side, what it covers and what it costs.
 */
export function LandingPage() {
  const location = useLocation();
  const [tab, setTab] = useState<GetStartedTab>(() =>
    location.pathname === '/login' || wantsSignIn(location.state) ? 'sign-in' : 'register',
  );
  const getStartedRef = useRef<HTMLElement>(null);

  const startTrial = () => {
    setTab('register');
    // Focusing the section scrolls to it and puts the next Tab press into the form.
    getStartedRef.current?.focus();
  };

  return (
    <Flex vertical gap={64} style={{ maxWidth: 1120, margin: '0 auto', padding: '16px 0 48px' }}>
      <PageTitle />
      <Row gutter={[48, 32]} align="middle">
        <Col xs={24} lg={13}>
          <LandingHero />
        </Col>
        <Col xs={24} lg={11}>
          <section
            id="get-started"
            ref={getStartedRef}
            tabIndex={-1}
            aria-labelledby="get-started-title"
            className="landing__get-started"
          >
            <Card>
              <Title id="get-started-title" level={2} style={{ marginTop: 0 }}>
                Get started
              </Title>
              <GetStartedTabs activeTab={tab} onTabChange={setTab} />
            </Card>
          </section>
        </Col>
      </Row>
      <Suspense fallback={null}>
        <FeaturesSection />
        <PricingSection
          action={
            <Button type="primary" size="large" block onClick={startTrial}>
              Start your free trial
            </Button>
          }
        />
      </Suspense>
    </Flex>
  );
}
