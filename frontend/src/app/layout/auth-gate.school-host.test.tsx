// @vitest-environment-options {"url": "http://stmarys.localhost:3000/forgot-password"}
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { plan } from '@/testing/fixtures';
import { fill, renderApp, sentBodies, setupUser, stubFetch } from '@/testing/test-utils';

const ST_MARYS = {
  baseDomain: 'localhost',
  organization: { name: "St Mary's School", subdomain: 'stmarys' },
  unknownOrganization: false,
};

/** The app on a school's own address (docs/product.md#accounts-and-sign-in), signed out. */
describe("auth gate on a school's own address", () => {
  it('shows only the sign-in, naming the school, without the sales pitch', async () => {
    stubFetch({ 'GET /api/auth/host': { body: ST_MARYS }, 'GET /api/plan': { body: plan } });

    renderApp('/login');

    expect(await screen.findByRole('heading', { level: 2, name: 'Sign in' })).toBeInTheDocument();
    // The card's form comes in the render after the card's (GetStartedCard).
    expect(await screen.findByText("St Mary's School")).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Start Free Trial' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Organization subdomain')).not.toBeInTheDocument();
    expect(screen.queryByText('Start your free trial')).not.toBeInTheDocument();
  });

  it('asks for a reset link with the email alone', async () => {
    const user = setupUser();
    const fetchMock = stubFetch({
      'GET /api/auth/host': { body: ST_MARYS },
      'POST /api/auth/forgot-password': {
        body: {
          message: 'If an account exists with that email, a password reset link has been sent.',
        },
      },
    });

    renderApp('/forgot-password');

    expect(
      await screen.findByText(
        "Enter the email address of your account at St Mary's School, and we will email you a link to choose a new password.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Organization subdomain')).not.toBeInTheDocument();
    await fill(user, screen.getByLabelText('Email'), 'ada@stmarys.example');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Check your email' }),
    ).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST /api/auth/forgot-password')).toEqual([
      { email: 'ada@stmarys.example' },
    ]);
  });

  it("says so when no school has the address, pointing to the bare domain's Find your school", async () => {
    stubFetch({
      'GET /api/auth/host': {
        body: { baseDomain: 'localhost', organization: null, unknownOrganization: true },
      },
      'GET /api/plan': { body: plan },
    });

    renderApp('/');

    expect(
      await screen.findByRole('heading', { level: 1, name: "We couldn't find that school" }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/No organisation uses the address stmarys\.localhost/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find your school' })).toHaveAttribute(
      'href',
      'http://localhost:3000/find-school',
    );
    expect(
      screen.queryByRole('heading', { level: 1, name: 'Duty Manager' }),
    ).not.toBeInTheDocument();
  });
});
