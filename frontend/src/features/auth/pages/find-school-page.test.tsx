import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { fill, renderWithProviders, sentBodies, setupUser, stubFetch } from '@/testing/test-utils';

import { FindSchoolPage, SCHOOL_LIST_SENT_MESSAGE } from './find-school-page';

describe('FindSchoolPage', () => {
  it('checks the address before sending', async () => {
    const user = setupUser();
    const fetchMock = stubFetch({});
    renderWithProviders(<FindSchoolPage />, '/find-school');

    await fill(user, screen.getByLabelText('Email'), 'ada@');
    await user.click(screen.getByRole('button', { name: 'Send Sign-In Links' }));

    expect(await screen.findByText('Invalid email format')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the address and confirms in words that reveal nothing, with a way back to sign in', async () => {
    const user = setupUser();
    const fetchMock = stubFetch({
      'POST /api/auth/find-organizations': { body: { message: SCHOOL_LIST_SENT_MESSAGE } },
    });
    const { router } = renderWithProviders(<FindSchoolPage />, '/find-school');

    expect(screen.getByRole('heading', { level: 1, name: 'Find your school' })).toBeInTheDocument();
    await fill(user, screen.getByLabelText('Email'), 'ada@hillside.example');
    await user.click(screen.getByRole('button', { name: 'Send Sign-In Links' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Check your email' }),
    ).toBeInTheDocument();
    expect(screen.getByText(SCHOOL_LIST_SENT_MESSAGE)).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST /api/auth/find-organizations')).toEqual([
      { email: 'ada@hillside.example' },
    ]);

    await user.click(screen.getByRole('button', { name: 'Send Another Email' }));
    expect(screen.getByLabelText('Email')).toHaveValue('ada@hillside.example');
    await user.click(screen.getByRole('button', { name: 'Send Sign-In Links' }));
    await user.click(await screen.findByRole('button', { name: 'Back to Login' }));
    expect(router.state.location.pathname).toBe('/');
  });

  it("shows the server's reason when it refuses, e.g. when throttled", async () => {
    const user = setupUser();
    stubFetch({
      'POST /api/auth/find-organizations': {
        status: 429,
        body: {
          statusCode: 429,
          message:
            'Too many email requests from your network. Please wait 3 minutes and try again.',
          error: 'Too Many Requests',
        },
      },
    });
    renderWithProviders(<FindSchoolPage />, '/find-school');

    await fill(user, screen.getByLabelText('Email'), 'ada@hillside.example');
    await user.click(screen.getByRole('button', { name: 'Send Sign-In Links' }));

    expect(
      await screen.findByText(
        'Too many email requests from your network. Please wait 3 minutes and try again.',
      ),
    ).toBeInTheDocument();
  });
});
