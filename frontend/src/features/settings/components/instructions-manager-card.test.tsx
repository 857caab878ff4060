import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import {
  callCount,
  fill,
  renderWithProviders,
  sentBodies,
  setupUser,
  stubFetch,
} from '@/testing/test-utils';

import type { SystemSettingsDto } from '../api';
import { InstructionsManagerCard, procedureFileProblem } from './instructions-manager-card';

const GET = 'GET /api/system-settings';
const POST = 'POST /api/system-settings';
const UPLOAD = 'POST /api/settings/procedure-file';
const DELETE = 'DELETE /api/settings/procedure-file';

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

const WITH_TEXT = settings({
  instructionsTitle: 'Before your duty',
  instructionsContent: 'Arrive by 08:15.\n  Collect the radio from reception.',
});

const WITH_FILE = settings({
  procedureFileUrl: '/api/settings/procedure-file',
  procedureFileName: 'Procedures.pdf',
  procedureFile: {
    fileName: 'Procedures.pdf',
    kind: 'pdf',
    size: 250 * 1024,
    uploadedAt: '2025-09-08T09:30:00Z',
  },
});

function card() {
  return screen.getByRole('region', { name: 'Instructions Manager' });
}

function documentSection() {
  return within(card()).getByRole('region', { name: 'Procedure document' });
}

function fileInput(): HTMLInputElement {
  const input = card().querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('No file input in the card');
  return input;
}

/** Opens the card and waits for the saved title. */
async function openCard(user: UserEvent, title = 'Duty Manager Instructions') {
  await user.click(within(card()).getByRole('button', { name: 'Show' }));
  expect(await within(card()).findByText(title)).toBeInTheDocument();
}

function pdf(name = 'Procedures.pdf', size?: number): File {
  const file = new File(['%PDF-1.7 procedures'], name, { type: 'application/pdf' });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
}

describe('Instructions Manager card', () => {
  let user: UserEvent;

  beforeEach(() => {
    user = setupUser();
  });

  it('reads the settings only once opened, then shows the saved instructions', async () => {
    const fetchMock = stubFetch({ [GET]: { body: WITH_TEXT } });
    renderWithProviders(<InstructionsManagerCard />);

    const show = within(card()).getByRole('button', { name: 'Show' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    expect(callCount(fetchMock, GET)).toBe(0);

    await openCard(user, 'Before your duty');
    expect(callCount(fetchMock, GET)).toBe(1);
    expect(within(card()).getByRole('button', { name: 'Hide' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    // Preformatted: the text keeps its line breaks and leading spaces.
    const content = within(card()).getByText(/Arrive by 08:15\./);
    expect(content.tagName).toBe('PRE');
    expect(content.textContent).toBe('Arrive by 08:15.\n  Collect the radio from reception.');
    expect(within(documentSection()).getByText('No procedure document uploaded.')).toBeVisible();
    expect(
      within(documentSection()).getByRole('button', { name: 'Upload procedure document' }),
    ).toHaveAccessibleDescription('Accepted: .pdf, .doc, .docx — up to 10 MB.');
    expect(fileInput()).toHaveAttribute('accept', '.pdf,.doc,.docx');

    await user.click(within(card()).getByRole('button', { name: 'Hide' }));
    expect(within(card()).queryByText('Before your duty')).not.toBeInTheDocument();
  });

  it('says when no instructions are configured, and describes a stored document', async () => {
    stubFetch({ [GET]: { body: WITH_FILE } });
    renderWithProviders(<InstructionsManagerCard />);
    await openCard(user);

    expect(within(card()).getByText('No instructions have been configured yet.')).toBeVisible();
    const section = documentSection();
    expect(within(section).getByText('Procedures.pdf')).toBeVisible();
    expect(within(section).getByText('PDF · 250 KB · uploaded 8 September 2025')).toBeVisible();
    expect(
      within(section).getByRole('button', { name: 'Replace procedure document' }),
    ).toBeVisible();
    expect(within(section).getByRole('button', { name: 'Remove document' })).toBeVisible();
  });

  it('saves the title and text, says so and shows them', async () => {
    const saved = settings({
      instructionsTitle: 'Duty notes',
      instructionsContent: 'Line 1\nLine 2',
    });
    const fetchMock = stubFetch({
      [GET]: [{ body: settings() }, { body: saved }],
      [POST]: { body: { ...saved, removedSlots: 0 } },
    });
    renderWithProviders(<InstructionsManagerCard />);
    await openCard(user);

    await user.click(within(card()).getByRole('button', { name: 'Edit' }));
    const title = within(card()).getByRole('textbox', { name: 'Title' });
    expect(title).toHaveValue('Duty Manager Instructions');
    expect(title).toHaveFocus();
    await fill(user, title, '  Duty notes ');
    await fill(
      user,
      within(card()).getByRole('textbox', { name: 'Instructions' }),
      'Line 1\nLine 2',
    );
    await user.click(within(card()).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Instructions updated successfully')).toBeInTheDocument();
    expect(sentBodies(fetchMock, POST)).toEqual([
      { instructionsTitle: 'Duty notes', instructionsContent: 'Line 1\nLine 2' },
    ]);
    expect(await within(card()).findByText('Duty notes')).toBeInTheDocument();
    expect(within(card()).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(card()).getByRole('button', { name: 'Edit' })).toHaveFocus();
  });

  it('restores the saved values on Cancel', async () => {
    const fetchMock = stubFetch({ [GET]: { body: WITH_TEXT } });
    renderWithProviders(<InstructionsManagerCard />);
    await openCard(user, 'Before your duty');

    await user.click(within(card()).getByRole('button', { name: 'Edit' }));
    await fill(user, within(card()).getByRole('textbox', { name: 'Title' }), 'Something else');
    await fill(user, within(card()).getByRole('textbox', { name: 'Instructions' }), 'Changed');
    await user.click(within(card()).getByRole('button', { name: 'Cancel' }));

    expect(within(card()).getByText('Before your duty')).toBeInTheDocument();
    expect(within(card()).queryByText('Something else')).not.toBeInTheDocument();

    await user.click(within(card()).getByRole('button', { name: 'Edit' }));
    expect(within(card()).getByRole('textbox', { name: 'Title' })).toHaveValue('Before your duty');
    expect(within(card()).getByRole('textbox', { name: 'Instructions' })).toHaveValue(
      WITH_TEXT.instructionsContent,
    );
    expect(callCount(fetchMock, POST)).toBe(0);
  });

  it('asks for a title before saving', async () => {
    const fetchMock = stubFetch({ [GET]: { body: settings() } });
    renderWithProviders(<InstructionsManagerCard />);
    await openCard(user);

    await user.click(within(card()).getByRole('button', { name: 'Edit' }));
    await fill(user, within(card()).getByRole('textbox', { name: 'Title' }), '   ');
    await user.click(within(card()).getByRole('button', { name: 'Save' }));

    expect(await within(card()).findByText('Please enter a title')).toBeInTheDocument();
    expect(callCount(fetchMock, POST)).toBe(0);
  });

  it("shows the server's message when saving fails, else a fixed one", async () => {
    stubFetch({
      [GET]: { body: settings() },
      [POST]: [
        {
          status: 403,
          body: {
            statusCode: 403,
            error: 'Forbidden',
            message: "You don't have permission to edit instructions",
          },
        },
        { status: 500, body: 'Internal Server Error' },
      ],
    });
    renderWithProviders(<InstructionsManagerCard />);
    await openCard(user);

    await user.click(within(card()).getByRole('button', { name: 'Edit' }));
    await user.click(within(card()).getByRole('button', { name: 'Save' }));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Error')).toBeInTheDocument();
    expect(
      within(alert).getByText("You don't have permission to edit instructions"),
    ).toBeInTheDocument();
    // Still editing, so nothing typed is lost.
    expect(within(card()).getByRole('textbox', { name: 'Title' })).toBeInTheDocument();

    await user.click(within(card()).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to update instructions')).toBeInTheDocument();
  });

  it('says when the settings cannot be read, and tries again on request', async () => {
    const fetchMock = stubFetch({ [GET]: [{ networkError: true }, { body: WITH_TEXT }] });
    renderWithProviders(<InstructionsManagerCard />);

    await user.click(within(card()).getByRole('button', { name: 'Show' }));

    expect(await within(card()).findByText('Failed to load instructions')).toBeInTheDocument();
    await user.click(within(card()).getByRole('button', { name: 'Retry' }));

    expect(await within(card()).findByText('Before your duty')).toBeInTheDocument();
    expect(callCount(fetchMock, GET)).toBe(2);
  });

  it('refuses a file that is not a PDF or Word document without sending it', async () => {
    // As if "All files" were picked in the file dialog, past the accept filter.
    user = setupUser({ applyAccept: false });
    const fetchMock = stubFetch({ [GET]: { body: settings() } });
    renderWithProviders(<InstructionsManagerCard />);
    await openCard(user);

    await user.upload(fileInput(), new File(['MZ'], 'setup.exe'));

    expect(
      await within(documentSection()).findByText(
        'Only .pdf, .doc and .docx files can be uploaded.',
      ),
    ).toBeVisible();
    expect(callCount(fetchMock, UPLOAD)).toBe(0);
  });

  it('refuses a file over 10 MB without sending it', async () => {
    const fetchMock = stubFetch({ [GET]: { body: settings() } });
    renderWithProviders(<InstructionsManagerCard />);
    await openCard(user);

    await user.upload(fileInput(), pdf('Big.pdf', 10 * 1024 * 1024 + 1));

    expect(
      await within(documentSection()).findByText('The file is larger than 10 MB.'),
    ).toBeVisible();
    expect(callCount(fetchMock, UPLOAD)).toBe(0);
  });

  it('uploads a PDF as multipart form data, says so and shows it', async () => {
    const fetchMock = stubFetch({
      [GET]: [{ body: settings() }, { body: WITH_FILE }],
      [UPLOAD]: { body: WITH_FILE },
    });
    renderWithProviders(<InstructionsManagerCard />);
    await openCard(user);

    const file = pdf();
    await user.upload(fileInput(), file);

    expect(await screen.findByText('Document uploaded')).toBeInTheDocument();
    expect(screen.getByText('“Procedures.pdf” is now the procedure document.')).toBeInTheDocument();

    const uploads = fetchMock.mock.calls.filter(
      ([input, init]) => init?.method === 'POST' && String(input).endsWith('/procedure-file'),
    );
    expect(uploads).toHaveLength(1);
    const body = uploads[0]?.[1]?.body;
    expect(body).toBeInstanceOf(FormData);
    const sent = (body as FormData).get('file');
    expect(sent).toBeInstanceOf(File);
    expect((sent as File).name).toBe('Procedures.pdf');

    expect(await within(documentSection()).findByText('Procedures.pdf')).toBeVisible();
    expect(
      within(documentSection()).getByRole('button', { name: 'Replace procedure document' }),
    ).toBeVisible();
  });

  it("shows the server's reason for refusing a document next to the upload button", async () => {
    const reason =
      "“setup.pdf” is not a real PDF document: its content doesn't match its name. Save it as a PDF and upload it again.";
    stubFetch({
      [GET]: { body: settings() },
      [UPLOAD]: {
        status: 400,
        body: { statusCode: 400, error: 'Bad Request', message: reason },
      },
    });
    renderWithProviders(<InstructionsManagerCard />);
    await openCard(user);

    await user.upload(fileInput(), pdf('setup.pdf'));

    expect(await screen.findByText('Upload failed')).toBeInTheDocument();
    await waitFor(() => expect(within(documentSection()).getByText(reason)).toBeVisible());
    expect(within(documentSection()).getByText('No procedure document uploaded.')).toBeVisible();
  });

  it.each([
    ['Enter', '{Enter}'],
    ['Space', ' '],
  ])('keeps focus on the upload button when %s opens the file picker', async (_name, key) => {
    stubFetch({ [GET]: { body: settings() } });
    renderWithProviders(<InstructionsManagerCard />);
    await openCard(user);

    const button = within(documentSection()).getByRole('button', {
      name: 'Upload procedure document',
    });
    const picker = vi.spyOn(fileInput(), 'click');
    button.focus();
    await user.keyboard(key);

    expect(picker).toHaveBeenCalled();
    await waitFor(() => expect(button).toHaveFocus());
  });

  it('removes the document after confirmation', async () => {
    const fetchMock = stubFetch({
      [GET]: [{ body: WITH_FILE }, { body: settings() }],
      [DELETE]: { body: settings() },
    });
    renderWithProviders(<InstructionsManagerCard />);
    await openCard(user);

    await user.click(within(documentSection()).getByRole('button', { name: 'Remove document' }));
    expect(await screen.findByText('Remove the procedure document?')).toBeInTheDocument();
    expect(callCount(fetchMock, DELETE)).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Remove' }));

    expect(await screen.findByText('Document removed')).toBeInTheDocument();
    expect(
      screen.getByText('“Procedures.pdf” is no longer the procedure document.'),
    ).toBeInTheDocument();
    expect(callCount(fetchMock, DELETE)).toBe(1);
    expect(
      await within(documentSection()).findByText('No procedure document uploaded.'),
    ).toBeVisible();
    expect(
      within(documentSection()).queryByRole('button', { name: 'Remove document' }),
    ).not.toBeInTheDocument();
  });
});

describe('procedure document helpers', () => {
  it.each([
    ['notes.PDF', 1000, undefined],
    ['notes.doc', 1000, undefined],
    ['notes.docx', 10 * 1024 * 1024, undefined],
    ['notes.docx', 10 * 1024 * 1024 + 1, 'The file is larger than 10 MB.'],
    ['notes.txt', 10, 'Only .pdf, .doc and .docx files can be uploaded.'],
    ['pdf', 10, 'Only .pdf, .doc and .docx files can be uploaded.'],
  ])('%s of %i bytes: %s', (name, size, problem) => {
    expect(procedureFileProblem({ name, size })).toBe(problem);
  });
});
