import { Button, Flex } from 'antd';
import { lazy, Suspense, useRef, useState } from 'react';
import { useLocation } from 'react-router';

import type { GetStartedTab } from '@/features/auth/components/get-started-tabs';
import { useGetHostQuery } from '@/features/auth/api';
import { describeHost } from '@/features/auth/session/host';
import { wantsSignIn } from '@/features/auth/session/sign-in-intent';
import { FeaturesSection } from '@/features/tenants/components/features-section';
import { LandingHero } from '@/features/tenants/components/landing-hero';
import { PricingSection } from '@/features/tenants/components/pricing-section';
import { useHydrated } from '@/shared/lib/hydrated';
import { PageTitle } from '@/shared/ui/page-title';
import { StaticMarkup } from '@/shared/ui/static-markup';

// The sign-up and sign-in card (antd Card, Tabs, Form, inputs): requested as soon as this module
// runs, in parallel with the first render, so the hero is not held back by the forms' code.
const loadGetStartedCard = import('./get-started-card');
const GetStartedCard = lazy(async () => ({ default: (await loadGetStartedCard).GetStartedCard }));

/**
 * What a signed-out visitor sees at any path (docs/product.md#screens): the product, sign-up and sign-in side by
 * side, what it covers and what it costs. Features and Pricing come with the page, in its chunk:
 * they are what a visitor reads, and loaded after the first render they appeared seconds after
 * the hero on a busy machine. Only the forms' code is loaded separately.
 */
export function LandingPage() {
  const location = useLocation();
  const [tab, setTab] = useState<GetStartedTab>(() =>
    location.pathname === '/login' || wantsSignIn(location.state) ? 'sign-in' : 'register',
  );
  const getStartedRef = useRef<HTMLElement>(null);
  // Whose address this is decides the Sign In tab (the bare domain asks only for the school),
  // read from the cache there. A school's own address is where its people sign in: no sales pitch.
  const atSchool = describeHost(useGetHostQuery().data).kind === 'organization';
  // An island: the prerendered page holds its place with a placeholder of the same size, and it
  // is filled in once the page has hydrated.
  const formsMayRender = useHydrated();
  const formsPlaceholder = <div className="landing__forms-placeholder" aria-busy="true" />;

  const startTrial = () => {
    setTab('register');
    // Focusing the section scrolls to it and puts the next Tab press into the form.
    getStartedRef.current?.focus();
  };

  return (
    <Flex vertical gap={64} style={{ maxWidth: 1120, margin: '0 auto', padding: '16px 0 48px' }}>
      <PageTitle />
      {/* Two columns from antd's lg breakpoint, in CSS (global.css): antd's Row and Col brought
          87 kB of grid styles into the prerendered page's head for two columns. */}
      <div className="landing__top">
        {/* The hero and the features have nothing to click: where the page was prerendered the
            browser keeps their HTML instead of hydrating them (less main-thread work). */}
        <StaticMarkup id="landing-hero">
          <LandingHero />
        </StaticMarkup>
        <section
          id="get-started"
          ref={getStartedRef}
          tabIndex={-1}
          aria-labelledby="get-started-title"
          className="landing__get-started"
        >
          {formsMayRender ? (
            <Suspense fallback={formsPlaceholder}>
              <GetStartedCard activeTab={tab} onTabChange={setTab} />
            </Suspense>
          ) : (
            formsPlaceholder
          )}
        </section>
      </div>
      {!atSchool && (
        <>
          <StaticMarkup id="landing-features">
            <FeaturesSection />
          </StaticMarkup>
          <PricingSection
            action={
              <Button type="primary" size="large" block onClick={startTrial}>
                Start your free trial
              </Button>
            }
          />
        </>
      )}
    </Flex>
  );
}
