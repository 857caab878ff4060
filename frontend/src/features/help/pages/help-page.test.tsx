import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders, stubFetch } from '@/testing/test-utils';

import { HelpPage } from './help-page';

const SECTIONS = [
  'Overview',
  'Navigation',
  'Guide for staff',
  'Guide for admins and managers',
  'Features',
  'Badges',
  'Email reminders',
  'Auto-approval',
  'Troubleshooting',
  'Support',
];

function renderPage() {
  const fetchMock = stubFetch({});
  const result = renderWithProviders(<HelpPage />, '/help');
  return { ...result, fetchMock };
}

function section(name: string): HTMLElement {
  return screen.getByRole('region', { name });
}

describe('Help page', () => {
  it('has a heading, a title, and a section for each topic, in order', () => {
    const { fetchMock } = renderPage();

    expect(screen.getByRole('heading', { level: 1, name: 'Help' })).toBeInTheDocument();
    expect(document.title).toBe('Help · Duty Manager');
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(
      SECTIONS,
    );
    // Static documentation: nothing is fetched.
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('links to every section from its table of contents', () => {
    renderPage();

    const contents = screen.getByRole('navigation', { name: 'On this page' });
    for (const name of SECTIONS) {
      const link = within(contents).getByRole('link', { name });
      const target = document.getElementById(link.getAttribute('href')?.slice(1) ?? '');
      expect(target).toBe(section(name));
    }
  });

  it('names every page of the navigation bar', () => {
    renderPage();

    const navigation = section('Navigation');
    for (const page of [
      'Dashboard',
      'Weekly Rota',
      'Duties',
      'Statistics',
      'Holidays',
      'Swap Requests',
      'Cancel Requests',
      'My Rota',
      'Instructions',
      'Admin',
    ]) {
      expect(within(navigation).getByText(page, { selector: 'dt *' })).toBeInTheDocument();
    }
  });

  it('explains the reminder defaults: on, 08:30, 24 hours ahead, weekends moved to Friday', () => {
    renderPage();

    const reminders = section('Email reminders');
    expect(reminders).toHaveTextContent('Email reminders are on by default');
    expect(reminders).toHaveTextContent('08:30');
    expect(reminders).toHaveTextContent('24 hours');
    expect(reminders).toHaveTextContent('1, 2, 4, 8, 12, 24 or 48 hours');
    expect(reminders).toHaveTextContent('sent on the Friday before');
    expect(reminders).toHaveTextContent('calendar (.ics) file');
    expect(reminders).toHaveTextContent('Email Reminder Settings');
    expect(reminders).toHaveTextContent('Email System Testing');
  });

  it('says auto-approval asks for the admin’s own password, and never for a shared one', () => {
    renderPage();

    const autoApproval = section('Auto-approval');
    expect(autoApproval).toHaveTextContent('the admin re-enters their own password');
    expect(autoApproval).toHaveTextContent('There is no shared password.');
    expect(autoApproval).toHaveTextContent('Auto-fill cancellations');

    const page = document.body.textContent?.toLowerCase() ?? '';
    expect(page).not.toContain('default admin password');
    expect(page).not.toContain('site password');
  });

  it('shows the badges as they look elsewhere in the app', () => {
    renderPage();

    const badges = section('Badges');
    for (const badge of [
      'Today',
      'Completed',
      'Pending',
      'Approved',
      'Rejected',
      'Teaching',
      'Non-Teaching',
      'Bank Holiday',
      'Half Term',
      'Term Holiday',
      'Inset Day',
      'Other',
    ]) {
      expect(within(badges).getByText(badge)).toBeInTheDocument();
    }
  });

  it('points to the administrator and the Activity log for support', () => {
    renderPage();

    expect(section('Support')).toHaveTextContent(
      'contact your organisation’s Duty Manager administrator',
    );
    expect(section('Support')).toHaveTextContent('Activity log');
    expect(section('Troubleshooting')).toHaveTextContent('Check your spam or junk folder');
  });
});
