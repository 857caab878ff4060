import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import type { ProcedureFileLinkDto, SystemSettingsDto } from '@/features/settings/api';
import { callCount, renderWithProviders, setupUser, stubFetch } from '@/testing/test-utils';

import { InstructionsPage } from './instructions-page';

const SETTINGS = 'GET /api/system-settings';
const LINK = 'GET /api/settings/procedure-file/link';

function settings(overrides: Partial<SystemSettingsDto> = {}): SystemSettingsDto {
  return {
    dutyManagersPerDay: 2,
    instructionsTitle: 'Duty Manager Instructions',
    instructionsContent: '',
    procedureFileUrl: null,
    procedureFileName: null,
    procedureFile: null,
    mixMode: 'when_fair',
    defaultWeeklyCap: null,
    weekAStart: null,
    keepFairness: true,
    frozenSchoolDays: 5,
    ...overrides,
  };
}

const WITH_FILE = settings({
  instructionsTitle: 'On duty at Hillside',
  instructionsContent: 'Arrive by 08:15.\n\n  1. Collect the radio.',
  procedureFileUrl: '/api/settings/procedure-file',
  procedureFileName: 'Duty procedures.pdf',
  procedureFile: {
    fileName: 'Duty procedures.pdf',
    kind: 'pdf',
    size: 1.5 * 1024 * 1024,
    uploadedAt: '2025-09-08T09:30:00Z',
  },
});

function link(overrides: Partial<ProcedureFileLinkDto> = {}): ProcedureFileLinkDto {
  return {
    url: '/api/settings/procedure-file/download?ticket=abc.def',
    expiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
    ...overrides,
  };
}

describe('Instructions page', () => {
  it('shows the defaults when nothing is configured, and no download', async () => {
    const fetchMock = stubFetch({ [SETTINGS]: { body: settings() } });
    renderWithProviders(<InstructionsPage />, '/instructions');

    expect(screen.getByRole('status', { name: 'Loading instructions' })).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Duty Manager Instructions' }),
    ).toBeInTheDocument();
    expect(screen.getByText('No instructions have been configured yet.')).toBeVisible();
    expect(document.title).toBe('Duty Manager Instructions · Duty Manager');
    expect(screen.queryByRole('link', { name: /Download Procedures/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Download Procedures/ })).not.toBeInTheDocument();
    expect(
      screen.queryByRole('region', { name: 'Additional Documentation' }),
    ).not.toBeInTheDocument();
    expect(callCount(fetchMock, LINK)).toBe(0);
  });

  it('falls back to the default title when the saved one is blank', async () => {
    stubFetch({ [SETTINGS]: { body: settings({ instructionsTitle: '  ' }) } });
    renderWithProviders(<InstructionsPage />, '/instructions');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Duty Manager Instructions' }),
    ).toBeInTheDocument();
  });

  it('shows the title and the text as written, with a download link to the document', async () => {
    const fetchMock = stubFetch({ [SETTINGS]: { body: WITH_FILE }, [LINK]: { body: link() } });
    renderWithProviders(<InstructionsPage />, '/instructions');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'On duty at Hillside' }),
    ).toBeInTheDocument();
    expect(document.title).toBe('On duty at Hillside · Duty Manager');
    const text = screen.getByText(/Arrive by 08:15\./);
    expect(text.tagName).toBe('PRE');
    expect(text.textContent).toBe('Arrive by 08:15.\n\n  1. Collect the radio.');

    const download = await screen.findByRole('link', { name: 'Download Procedures' });
    expect(download).toHaveAttribute(
      'href',
      '/api/settings/procedure-file/download?ticket=abc.def',
    );
    expect(download).toHaveAttribute('target', '_blank');
    expect(download).toHaveAttribute('rel', 'noopener noreferrer');

    const documentation = screen.getByRole('region', { name: 'Additional Documentation' });
    const fileLink = within(documentation).getByRole('link', { name: 'Duty procedures.pdf' });
    expect(fileLink).toHaveAttribute(
      'href',
      '/api/settings/procedure-file/download?ticket=abc.def',
    );
    expect(fileLink).toHaveAttribute('target', '_blank');
    expect(within(documentation).getByText('PDF · 1.5 MB · opens in a new tab')).toBeVisible();
    expect(callCount(fetchMock, LINK)).toBe(1);
  });

  it('keeps the download disabled while the link is prepared', async () => {
    let answer: (response: Response) => void = () => undefined;
    const pending = new Promise<Response>((resolve) => (answer = resolve));
    const fetchMock = stubFetch({ [SETTINGS]: { body: WITH_FILE } });
    const answerStubbed = fetchMock.getMockImplementation();
    if (!answerStubbed) throw new Error('stubFetch installs an implementation');
    fetchMock.mockImplementation(async (input, init) =>
      String(input).endsWith('/procedure-file/link') ? pending : answerStubbed(input, init),
    );
    renderWithProviders(<InstructionsPage />, '/instructions');

    const button = await screen.findByRole('button', { name: /Download Procedures/ });
    expect(button).toBeDisabled();
    expect(screen.getByText('Preparing Duty procedures.pdf…')).toBeInTheDocument();

    answer(
      new Response(JSON.stringify(link()), {
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    expect(await screen.findByRole('link', { name: 'Download Procedures' })).toBeInTheDocument();
  });

  it('says when the download link fails, and tries again on request', async () => {
    const fetchMock = stubFetch({
      [SETTINGS]: { body: WITH_FILE },
      [LINK]: [
        {
          status: 404,
          body: { statusCode: 404, error: 'Not Found', message: 'No procedure document' },
        },
        { body: link() },
      ],
    });
    const user = setupUser();
    renderWithProviders(<InstructionsPage />, '/instructions');

    const documentation = await screen.findByRole('region', { name: 'Additional Documentation' });
    expect(
      await within(documentation).findByText('Failed to prepare the download link'),
    ).toBeVisible();
    expect(within(documentation).getByText('No procedure document')).toBeVisible();
    expect(screen.getByRole('button', { name: /Download Procedures/ })).toBeDisabled();

    await user.click(within(documentation).getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('link', { name: 'Download Procedures' })).toBeInTheDocument();
    expect(callCount(fetchMock, LINK)).toBe(2);
  });

  it('asks for a new link before following one that has expired', async () => {
    const fresh = link({ url: '/api/settings/procedure-file/download?ticket=new.one' });
    const fetchMock = stubFetch({
      [SETTINGS]: { body: WITH_FILE },
      [LINK]: [
        { body: link({ expiresAt: new Date(Date.now() - 1000).toISOString() }) },
        { body: fresh },
      ],
    });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const user = setupUser();
    renderWithProviders(<InstructionsPage />, '/instructions');

    await user.click(await screen.findByRole('link', { name: 'Download Procedures' }));

    await waitFor(() =>
      expect(open).toHaveBeenCalledWith(
        '/api/settings/procedure-file/download?ticket=new.one',
        '_blank',
        'noopener,noreferrer',
      ),
    );
    expect(callCount(fetchMock, LINK)).toBe(2);
  });

  it('says when the instructions cannot be loaded, and tries again on request', async () => {
    const fetchMock = stubFetch({
      [SETTINGS]: [{ networkError: true }, { body: settings({ instructionsContent: 'Be kind.' }) }],
    });
    const user = setupUser();
    renderWithProviders(<InstructionsPage />, '/instructions');

    expect(await screen.findByText('Failed to load instructions')).toBeVisible();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Duty Manager Instructions' }),
    ).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByText('Be kind.')).toBeVisible();
    expect(callCount(fetchMock, SETTINGS)).toBe(2);
  });
});
