import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { AccessContext, accessFor } from '@/shared/auth/access';
import { renderWithProviders } from '@/testing/test-utils';

import { AccessGuard } from './access-guard';

function guarded() {
  return (
    <AccessGuard permission="admin.panel" title="Admin Panel">
      <p>Secret settings</p>
    </AccessGuard>
  );
}

describe('AccessGuard', () => {
  it('checks permissions while nobody is known to be signed in', () => {
    renderWithProviders(guarded());

    expect(screen.getByRole('status')).toHaveTextContent('Checking permissions...');
    expect(screen.queryByText('Secret settings')).not.toBeInTheDocument();
  });

  it('shows the Access Denied card without the permission', () => {
    renderWithProviders(<AccessContext value={accessFor('staff')}>{guarded()}</AccessContext>);

    expect(screen.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeInTheDocument();
    expect(
      screen.getByText("You don't have administrator permissions to access this section."),
    ).toBeInTheDocument();
    expect(screen.queryByText('Secret settings')).not.toBeInTheDocument();
  });

  it('shows the content with the permission', () => {
    renderWithProviders(<AccessContext value={accessFor('admin')}>{guarded()}</AccessContext>);

    expect(screen.getByText('Secret settings')).toBeInTheDocument();
  });
});
