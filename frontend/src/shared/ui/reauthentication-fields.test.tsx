import { screen } from '@testing-library/react';
import { Form } from 'antd';
import { describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '@/testing/test-utils';

import {
  reauthenticationOf,
  ReauthenticationFields,
  type ReauthenticationOptions,
} from './reauthentication-fields';

const HELP = "Exporting everything asks you to confirm it's you.";

function renderFields(options: Partial<ReauthenticationOptions>) {
  renderWithProviders(
    <Form>
      <ReauthenticationFields
        options={{
          hasPassword: true,
          twoFactorEnabled: false,
          providers: [],
          start: vi.fn(),
          ...options,
        }}
        help={HELP}
      />
    </Form>,
  );
}

describe('ReauthenticationFields', () => {
  it('asks for the password with the help, and no code without two-step verification', () => {
    renderFields({});
    expect(screen.getByLabelText('Your password')).toBeInTheDocument();
    expect(screen.getByText(HELP)).toBeInTheDocument();
    expect(screen.queryByLabelText('Authentication code')).not.toBeInTheDocument();
  });

  it('asks an account without a password to sign in again with its provider, and for the code', () => {
    renderFields({
      hasPassword: false,
      twoFactorEnabled: true,
      providers: [{ kind: 'google', name: 'Google' }],
    });
    expect(screen.queryByLabelText('Your password')).not.toBeInTheDocument();
    expect(
      screen.getByText(`${HELP} Your account has no password: sign in again with your provider.`),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirm with Google' })).toBeInTheDocument();
    expect(screen.getByLabelText('Authentication code')).toBeInTheDocument();
  });
});

describe('reauthenticationOf', () => {
  it('keeps only what was given, the code trimmed', () => {
    expect(reauthenticationOf({ password: 'secret', code: ' 123456 ', providerProof: '' })).toEqual(
      { password: 'secret', code: '123456' },
    );
    expect(reauthenticationOf({ password: '', code: '   ', providerProof: 'proof' })).toEqual({
      providerProof: 'proof',
    });
  });
});
