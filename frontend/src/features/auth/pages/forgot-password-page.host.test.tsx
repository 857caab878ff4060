// @vitest-environment-options {"url": "https://hillside.dutymanager.example/forgot-password"}
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '@/testing/test-utils';

import { ForgotPasswordPage } from './forgot-password-page';

describe('ForgotPasswordPage on an organisation subdomain', () => {
  it("fills in the organisation from the page's host", () => {
    renderWithProviders(<ForgotPasswordPage />, '/forgot-password');

    expect(screen.getByLabelText('Organization subdomain')).toHaveValue('hillside');
  });
});
