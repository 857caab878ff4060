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

import type { EmailPreviewDto, EmailTemplateDto, EmailTemplateResultDto } from '../api';

import { EmailTemplateEditorCard } from './email-template-editor-card';

const GET = 'GET /api/email-template';
const SAVE = 'POST /api/email-template';
const PREVIEW = 'POST /api/email-template/preview';

function buildTemplate(overrides: Partial<EmailTemplateResultDto> = {}): EmailTemplateResultDto {
  return {
    subject: 'Duty Manager Reminder - {date}',
    greeting: 'Dear {staffName},',
    mainMessage: 'You are the duty manager on <strong>{date}</strong>.',
    keyReminders: ['Arrive by 8:00', 'Carry the radio'],
    emergencyContacts: ['School office: 01234 567890'],
    footerMessage: 'Thank you for your help.',
    signature: 'The Head Teacher',
    isDefault: false,
    ...overrides,
  };
}

function buildPreview(overrides: Partial<EmailPreviewDto> = {}): EmailPreviewDto {
  return {
    subject: 'Duty Manager Reminder - Tuesday 9 September 2025',
    html: '<p>Dear Ada Lovelace,</p><p>You are the duty manager on <strong>Tuesday 9 September 2025</strong>.</p>',
    text: 'Dear Ada Lovelace, You are the duty manager on Tuesday 9 September 2025.',
    sampleDate: '2025-09-09',
    sampleStaffName: 'Ada Lovelace',
    ...overrides,
  };
}

/** What the server is sent for a template: everything but `isDefault`. */
function dtoOf(template: EmailTemplateResultDto): EmailTemplateDto {
  const dto: Partial<EmailTemplateResultDto> = { ...template };
  delete dto.isDefault;
  return dto as EmailTemplateDto;
}

/** Holds every request until `release` is called, to see what shows while they are under way. */
function holdRequests(fetchMock: ReturnType<typeof stubFetch>) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    await gate;
    return fetchMock(input, init);
  });
  return release;
}

function card() {
  return screen.getByRole('region', { name: 'Email Template Editor' });
}

function previewRegion(name: 'Preview' | 'Live preview') {
  return within(card()).getByRole('region', { name });
}

/** Opens the card and waits for the saved template and its preview. */
async function openCard(user: UserEvent, subject = buildPreview().subject) {
  await user.click(within(card()).getByRole('button', { name: 'Show' }));
  expect(
    await within(card()).findByText(`Subject: ${subject}`, undefined, { timeout: 5000 }),
  ).toBeInTheDocument();
}

async function edit(user: UserEvent) {
  await user.click(within(card()).getByRole('button', { name: 'Edit' }));
  return within(card()).getByRole('form', { name: 'Edit email template' });
}

// A full antd form per test: on a busy runner the first ones can pass Vitest's 5 s default.
describe('Email Template Editor card', { timeout: 20_000 }, () => {
  let user: UserEvent;

  beforeEach(() => {
    user = setupUser();
  });

  it('reads nothing while closed, then shows the saved template and its preview', async () => {
    const template = buildTemplate({ isDefault: true });
    const fetchMock = stubFetch({ [GET]: { body: template }, [PREVIEW]: { body: buildPreview() } });
    const release = holdRequests(fetchMock);
    renderWithProviders(<EmailTemplateEditorCard />);

    const show = within(card()).getByRole('button', { name: 'Show' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    expect(document.getElementById(show.getAttribute('aria-controls')!)).toBeInTheDocument();
    expect(callCount(fetchMock, GET)).toBe(0);
    expect(callCount(fetchMock, PREVIEW)).toBe(0);

    await user.click(show);
    expect(within(card()).getByRole('status')).toHaveTextContent('Loading email template…');
    expect(within(card()).getByRole('button', { name: 'Hide' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );

    release();
    expect(
      await within(card()).findByText('Subject: Duty Manager Reminder - Tuesday 9 September 2025'),
    ).toBeInTheDocument();

    // The saved fields, as written.
    const view = within(card());
    expect(view.getByText('Duty Manager Reminder - {date}')).toBeInTheDocument();
    expect(view.getByText('Dear {staffName},')).toBeInTheDocument();
    expect(
      view.getByText('You are the duty manager on <strong>{date}</strong>.'),
    ).toBeInTheDocument();
    const reminders = view.getByRole('list', { name: 'Key reminders' });
    expect(
      within(reminders)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Arrive by 8:00', 'Carry the radio']);
    const contacts = view.getByRole('list', { name: 'Emergency contacts' });
    expect(
      within(contacts)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['School office: 01234 567890']);
    expect(view.getByText('Thank you for your help.')).toBeInTheDocument();
    expect(view.getByText('The Head Teacher')).toBeInTheDocument();
    expect(view.getByText('Built-in template')).toBeInTheDocument();

    // The preview of the saved template, asked for once.
    const preview = previewRegion('Preview');
    expect(
      within(preview).getByText('Sample: Ada Lovelace, Tuesday 9 September 2025'),
    ).toBeVisible();
    const frame = within(preview).getByTitle('Email preview');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame.getAttribute('srcdoc')).toContain(
      'You are the duty manager on <strong>Tuesday 9 September 2025</strong>.',
    );
    expect(callCount(fetchMock, GET)).toBe(1);
    expect(sentBodies(fetchMock, PREVIEW)).toEqual([dtoOf(template)]);
  });

  it('does not show the built-in tag for a saved template', async () => {
    stubFetch({ [GET]: { body: buildTemplate() }, [PREVIEW]: { body: buildPreview() } });
    renderWithProviders(<EmailTemplateEditorCard />);
    await openCard(user);

    expect(within(card()).queryByText('Built-in template')).not.toBeInTheDocument();
  });

  it('saves the edited template, says so and shows what the server stored', async () => {
    const template = buildTemplate();
    const stored = buildTemplate({
      subject: 'Your duty on {date}',
      keyReminders: ['Arrive by 8:00', 'Wear the lanyard'],
    });
    const fetchMock = stubFetch({
      [GET]: [{ body: template }, { body: stored }],
      [SAVE]: { body: stored },
      [PREVIEW]: { body: buildPreview() },
    });
    renderWithProviders(<EmailTemplateEditorCard />);
    await openCard(user);

    const form = await edit(user);
    const subject = within(form).getByLabelText('Subject');
    expect(subject).toHaveRole('textbox');
    expect(subject).toHaveAccessibleName('Subject');
    expect(subject).toHaveValue('Duty Manager Reminder - {date}');
    expect(subject).toHaveFocus();
    await fill(user, subject, 'Your duty on {date}');

    const reminders = within(form).getByRole('group', { name: 'Key reminders' });
    await user.click(within(reminders).getByRole('button', { name: 'Add key reminder' }));
    const added = within(reminders).getByLabelText('Key reminder 3');
    expect(added).toHaveFocus();
    await fill(user, added, 'Wear the lanyard');
    await user.click(within(reminders).getByRole('button', { name: 'Remove key reminder 2' }));
    expect(within(reminders).getByLabelText('Key reminder 2')).toHaveValue('Wear the lanyard');
    expect(within(reminders).queryByLabelText('Key reminder 3')).not.toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Email template updated successfully')).toBeInTheDocument();
    expect(screen.getByText('Template saved')).toBeInTheDocument();
    expect(sentBodies(fetchMock, SAVE)).toEqual([
      {
        subject: 'Your duty on {date}',
        greeting: 'Dear {staffName},',
        mainMessage: 'You are the duty manager on <strong>{date}</strong>.',
        keyReminders: ['Arrive by 8:00', 'Wear the lanyard'],
        emergencyContacts: ['School office: 01234 567890'],
        footerMessage: 'Thank you for your help.',
        signature: 'The Head Teacher',
      },
    ]);
    expect(within(card()).queryByRole('form')).not.toBeInTheDocument();
    expect(within(card()).getByText('Your duty on {date}')).toBeInTheDocument();
    const list = within(card()).getByRole('list', { name: 'Key reminders' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Arrive by 8:00', 'Wear the lanyard']);
    expect(within(card()).getByRole('button', { name: 'Edit' })).toHaveFocus();
  });

  it('shows the values the server stored, not the ones sent', async () => {
    const template = buildTemplate();
    const sanitised = buildTemplate({ mainMessage: 'Hello <strong>there</strong>' });
    stubFetch({
      [GET]: [{ body: template }, { body: sanitised }],
      [SAVE]: { body: sanitised },
      [PREVIEW]: { body: buildPreview() },
    });
    renderWithProviders(<EmailTemplateEditorCard />);
    await openCard(user);

    const form = await edit(user);
    await fill(
      user,
      within(form).getByLabelText('Main message'),
      'Hello <strong>there</strong><script>alert(1)</script>',
    );
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Email template updated successfully')).toBeInTheDocument();
    expect(within(card()).getByText('Hello <strong>there</strong>')).toBeInTheDocument();
    expect(within(card()).queryByText(/alert\(1\)/)).not.toBeInTheDocument();
  });

  it('Cancel drops the draft and shows the saved values again', async () => {
    const fetchMock = stubFetch({
      [GET]: { body: buildTemplate() },
      [PREVIEW]: { body: buildPreview() },
    });
    renderWithProviders(<EmailTemplateEditorCard />);
    await openCard(user);

    let form = await edit(user);
    await fill(user, within(form).getByLabelText('Subject'), 'Draft subject');
    const contacts = within(form).getByRole('group', { name: 'Emergency contacts' });
    await user.click(within(contacts).getByRole('button', { name: 'Remove emergency contact 1' }));
    expect(within(contacts).getByText('No emergency contacts.')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));

    expect(within(card()).queryByRole('form')).not.toBeInTheDocument();
    expect(within(card()).getByText('Duty Manager Reminder - {date}')).toBeInTheDocument();
    expect(within(card()).queryByText('Draft subject')).not.toBeInTheDocument();

    form = await edit(user);
    expect(within(form).getByLabelText('Subject')).toHaveValue('Duty Manager Reminder - {date}');
    expect(within(form).getByLabelText('Emergency contact 1')).toHaveValue(
      'School office: 01234 567890',
    );
    expect(callCount(fetchMock, SAVE)).toBe(0);
  });

  it('previews the draft once typing has paused', async () => {
    const template = buildTemplate();
    const fetchMock = stubFetch({
      [GET]: { body: template },
      [PREVIEW]: [
        { body: buildPreview() },
        {
          body: buildPreview({
            subject: 'Urgent Duty Manager Reminder - Tuesday 9 September 2025',
            html: '<p>Urgent reminder for Ada Lovelace</p>',
          }),
        },
      ],
    });
    renderWithProviders(<EmailTemplateEditorCard />);
    await openCard(user);

    const form = await edit(user);
    expect(within(card()).getByRole('region', { name: 'Live preview' })).toBeInTheDocument();
    const subject = within(form).getByLabelText('Subject');
    // Typed key by key at the start, so each keystroke changes the draft.
    await user.type(subject, 'Urgent ', { initialSelectionStart: 0, initialSelectionEnd: 0 });
    // Typing is still fresh: nothing new has been asked for yet.
    expect(callCount(fetchMock, PREVIEW)).toBe(1);

    const live = previewRegion('Live preview');
    expect(
      await within(live).findByText(
        'Subject: Urgent Duty Manager Reminder - Tuesday 9 September 2025',
      ),
    ).toBeInTheDocument();
    expect(within(live).getByTitle('Email preview').getAttribute('srcdoc')).toBe(
      '<p>Urgent reminder for Ada Lovelace</p>',
    );
    // One request for the whole burst of typing, with the draft.
    expect(sentBodies(fetchMock, PREVIEW)).toEqual([
      dtoOf(template),
      { ...dtoOf(template), subject: 'Urgent Duty Manager Reminder - {date}' },
    ]);
  });

  it('says when the preview cannot be rendered', async () => {
    stubFetch({
      [GET]: { body: buildTemplate() },
      [PREVIEW]: [
        { body: buildPreview() },
        {
          status: 400,
          body: { statusCode: 400, error: 'Bad Request', message: ['The subject is required'] },
        },
      ],
    });
    renderWithProviders(<EmailTemplateEditorCard />);
    await openCard(user);

    const form = await edit(user);
    await fill(user, within(form).getByLabelText('Subject'), ' ');

    const live = previewRegion('Live preview');
    expect(
      await within(live).findByText('Preview unavailable: The subject is required'),
    ).toBeInTheDocument();
    expect(within(live).queryByTitle('Email preview')).not.toBeInTheDocument();
  });

  it("shows the server's message when saving fails, and keeps the draft", async () => {
    stubFetch({
      [GET]: { body: buildTemplate() },
      [PREVIEW]: { body: buildPreview() },
      [SAVE]: {
        status: 403,
        body: {
          statusCode: 403,
          error: 'Forbidden',
          message: "You don't have permission to change the email template",
        },
      },
    });
    renderWithProviders(<EmailTemplateEditorCard />);
    await openCard(user);

    const form = await edit(user);
    await fill(user, within(form).getByLabelText('Subject'), 'New subject');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Error')).toBeInTheDocument();
    expect(
      within(alert).getByText("You don't have permission to change the email template"),
    ).toBeInTheDocument();
    expect(within(form).getByLabelText('Subject')).toHaveValue('New subject');
  });

  it('falls back to a fixed message when the server gives none', async () => {
    stubFetch({
      [GET]: { body: buildTemplate() },
      [PREVIEW]: { body: buildPreview() },
      [SAVE]: { status: 500, body: 'Internal Server Error' },
    });
    renderWithProviders(<EmailTemplateEditorCard />);
    await openCard(user);

    const form = await edit(user);
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to update email template')).toBeInTheDocument();
  });

  it('requires a subject, a main message and filled-in list items before saving', async () => {
    const fetchMock = stubFetch({
      [GET]: { body: buildTemplate() },
      [PREVIEW]: { body: buildPreview() },
    });
    renderWithProviders(<EmailTemplateEditorCard />);
    await openCard(user);

    const form = await edit(user);
    const subject = within(form).getByLabelText('Subject');
    await fill(user, subject, '');
    await fill(user, within(form).getByLabelText('Main message'), '');
    const contacts = within(form).getByRole('group', { name: 'Emergency contacts' });
    await user.click(within(contacts).getByRole('button', { name: 'Add emergency contact' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await within(form).findByText('Please enter a subject')).toBeInTheDocument();
    expect(await within(form).findByText('Please enter the main message')).toBeInTheDocument();
    expect(
      await within(form).findByText('Please enter emergency contact 2 or remove it'),
    ).toBeInTheDocument();
    expect(within(form).getByLabelText('Emergency contact 2')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(subject).toHaveAttribute('aria-invalid', 'true');
    expect(callCount(fetchMock, SAVE)).toBe(0);
  });

  it('refuses a subject longer than 200 characters', async () => {
    const fetchMock = stubFetch({
      [GET]: { body: buildTemplate() },
      [PREVIEW]: { body: buildPreview() },
    });
    renderWithProviders(<EmailTemplateEditorCard />);
    await openCard(user);

    const form = await edit(user);
    await fill(user, within(form).getByLabelText('Subject'), 'x'.repeat(201));
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    expect(
      await within(form).findByText('The subject must be at most 200 characters'),
    ).toBeInTheDocument();
    expect(callCount(fetchMock, SAVE)).toBe(0);
  });

  it('says when the template cannot be read, and tries again on request', async () => {
    const fetchMock = stubFetch({
      [GET]: [
        {
          status: 500,
          body: {
            statusCode: 500,
            error: 'Internal Server Error',
            message: 'Database unavailable',
          },
        },
        { body: buildTemplate() },
      ],
      [PREVIEW]: { body: buildPreview() },
    });
    renderWithProviders(<EmailTemplateEditorCard />);

    await user.click(within(card()).getByRole('button', { name: 'Show' }));

    expect(await within(card()).findByText('Failed to load email template')).toBeInTheDocument();
    expect(within(card()).getByText('Database unavailable')).toBeInTheDocument();
    expect(within(card()).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(callCount(fetchMock, PREVIEW)).toBe(0);

    await user.click(within(card()).getByRole('button', { name: 'Retry' }));

    expect(await within(card()).findByText('Duty Manager Reminder - {date}')).toBeInTheDocument();
    await waitFor(() => expect(callCount(fetchMock, PREVIEW)).toBe(1));
    expect(callCount(fetchMock, GET)).toBe(2);
  });
});
