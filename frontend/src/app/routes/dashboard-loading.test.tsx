import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { currentUser } from '@/testing/fixtures';
import { callCount, renderApp, storeToken, stubFetch } from '@/testing/test-utils';

// The Dashboard's code arrives only when the test says so, to see what stands in for it.
const code = vi.hoisted(() => {
  let arrive: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  return { arrived, arrive: () => arrive() };
});

vi.mock('./dashboard-page', async () => {
  await code.arrived;
  return { DashboardPage: () => <p>The dashboard itself</p> };
});

describe('Dashboard while its code loads', () => {
  it("shows the dashboard's own skeleton, not the full-page loader", async () => {
    storeToken();
    stubFetch({ 'GET /api/auth/user': { body: currentUser() } });

    renderApp('/');

    // Inside the signed-in shell: the session is known, only the page's code is missing.
    await screen.findByRole('button', { name: 'Logout' });
    const main = screen.getByRole('main');
    const skeleton = await within(main).findByRole('status', { name: 'Loading the dashboard' });
    expect(main).toHaveTextContent('Dashboard');
    expect(skeleton.querySelector('.ant-skeleton')).not.toBeNull();
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();

    code.arrive();

    expect(await screen.findByText('The dashboard itself')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading the dashboard' })).not.toBeInTheDocument();
  });

  // The page here is a stand-in that asks for nothing: a checklist request can only be the gate's.
  it("asks for an admin's first-run checklist as soon as the session is known, and for nobody else's", async () => {
    storeToken();
    const adminFetch = stubFetch({ 'GET /api/auth/user': { body: currentUser() }, 'GET /api/setup-checklist': { body: { steps: [] } } });
    const admin = renderApp('/');
    await vi.waitFor(() => expect(callCount(adminFetch, 'GET /api/setup-checklist')).toBe(1));
    admin.unmount();

    storeToken();
    const staffFetch = stubFetch({ 'GET /api/auth/user': { body: currentUser({ user: { role: 'staff' } }) } });
    renderApp('/');
    code.arrive();
    await screen.findByText('The dashboard itself');
    expect(callCount(staffFetch, 'GET /api/auth/user')).toBe(1);
    expect(callCount(staffFetch, 'GET /api/setup-checklist')).toBe(0);
  });
});
