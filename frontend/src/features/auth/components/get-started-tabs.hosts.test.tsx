import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { loadPage } from '@/shared/lib/page-load';
import {
  fill,
  renderWithProviders,
  sentBodies,
  setupUser,
  storedToken,
  stubFetch,
} from '@/testing/test-utils';

import { authApi, type HostDto } from '../api';
import { readLastOrganization } from '../session/last-organization';
import { GetStartedTabs } from './get-started-tabs';

vi.mock('@/shared/lib/page-load', () => ({ loadPage: vi.fn() }));

const BARE: HostDto = { baseDomain: 'localhost', organization: null, unknownOrganization: false };
const ST_MARYS: HostDto = {
  baseDomain: 'localhost',
  organization: { name: "St Mary's School", subdomain: 'stmarys' },
  unknownOrganization: false,
};

/**
 * GetStartedTabs as the landing page shows it once GET /api/auth/host has answered `host`
 * (upsertQueryData settles asynchronously, so it is awaited).
 */
async function renderAt(host: HostDto) {
  const rendered = renderWithProviders(<GetStartedTabs />);
  await rendered.store.dispatch(authApi.util.upsertQueryData('getHost', undefined, host));
  return rendered;
}

describe('GetStartedTabs with organisation addresses (APP_BASE_DOMAIN)', () => {
  let user: UserEvent;

  beforeEach(() => {
    user = setupUser();
    vi.mocked(loadPage).mockClear();
  });

  describe('on the bare domain', () => {
    it("asks only for the school's subdomain, and goes to the school's address to sign in", async () => {
      const fetchMock = stubFetch({});
      await renderAt(BARE);

      await user.click(screen.getByRole('tab', { name: 'Sign In' }));
      const signIn = screen.getByRole('tabpanel', { name: 'Sign In' });
      // The store tells its subscribers of the answer in a batch a moment later (RTK's
      // autoBatch); until then the tab shows a single-host install's form.
      expect(await within(signIn).findByRole('link', { name: /Find your school/ })).toHaveAttribute(
        'href',
        '/find-school',
      );
      expect(within(signIn).queryByLabelText('Email')).not.toBeInTheDocument();
      expect(within(signIn).queryByLabelText('Password')).not.toBeInTheDocument();

      await user.click(within(signIn).getByRole('button', { name: 'Continue' }));
      expect(await screen.findByText('Organization is required')).toBeInTheDocument();
      await fill(user, within(signIn).getByLabelText('Organization subdomain'), 'St Marys');
      await user.click(within(signIn).getByRole('button', { name: 'Continue' }));
      expect(
        await screen.findByText(
          'Subdomain can only contain lowercase letters, numbers, and hyphens',
        ),
      ).toBeInTheDocument();
      expect(loadPage).not.toHaveBeenCalled();

      await fill(user, within(signIn).getByLabelText('Organization subdomain'), 'StMarys');
      await user.click(within(signIn).getByRole('button', { name: 'Continue' }));

      await vi.waitFor(() =>
        expect(loadPage).toHaveBeenCalledWith('http://stmarys.localhost:3000/login'),
      );
      expect(readLastOrganization()).toBe('stmarys');
      // No password is typed on the bare domain, so nothing is sent from it.
      expect(fetchMock).not.toHaveBeenCalled();
    });

    it("signs up, then continues on the new school's address without a session here", async () => {
      const continueUrl = 'http://hillside.localhost:3000/continue#code=one-time';
      stubFetch({
        'POST /api/auth/register': { status: 201, body: { token: 'bare-token', continueUrl } },
      });
      await renderAt(BARE);

      for (const [label, value] of Object.entries({
        'Your name': 'Ada Lovelace',
        Email: 'ada@hillside.example',
        Password: 'secret1',
        'Organization name': 'Hillside Primary School',
        'Organization subdomain': 'hillside',
      })) {
        await fill(user, screen.getByLabelText(label), value);
      }
      await user.click(screen.getByRole('button', { name: 'Start Free Trial' }));

      await vi.waitFor(() => expect(loadPage).toHaveBeenCalledWith(continueUrl));
      expect(storedToken()).toBeNull();
    });
  });

  describe("on a school's own address", () => {
    it('signs in with email and password only, naming the school', async () => {
      const fetchMock = stubFetch({ 'POST /api/auth/login': { body: { token: 'school-token' } } });
      await renderAt(ST_MARYS);

      expect(await screen.findByText("St Mary's School")).toBeInTheDocument();
      expect(screen.queryByRole('tab', { name: 'Start Free Trial' })).not.toBeInTheDocument();
      expect(screen.queryByLabelText('Organization subdomain')).not.toBeInTheDocument();

      await fill(user, screen.getByLabelText('Email'), 'ada@stmarys.example');
      await fill(user, screen.getByLabelText('Password'), 'secret1');
      await user.click(screen.getByRole('button', { name: 'Sign In' }));

      await vi.waitFor(() => expect(loadPage).toHaveBeenCalledWith('/'));
      expect(storedToken()).toBe('school-token');
      expect(sentBodies(fetchMock, 'POST /api/auth/login')).toEqual([
        { email: 'ada@stmarys.example', password: 'secret1' },
      ]);
      expect(readLastOrganization()).toBe('stmarys');
    });
  });
});
