import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { Button, Form } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { fill, renderWithProviders, setupUser } from '@/testing/test-utils';

import { TextListEditor } from './text-list-editor';

interface Values {
  reminders: string[];
}

/** The editor inside a form of its own, as the email template form uses it. */
function renderEditor(reminders: string[], maxItems = 3) {
  const onFinish = vi.fn<(values: Values) => void>();
  renderWithProviders(
    <Form<Values> name="harness" initialValues={{ reminders }} onFinish={onFinish}>
      <TextListEditor
        name="reminders"
        label="Key reminders"
        itemLabel="Key reminder"
        maxItems={maxItems}
        maxLength={10}
        help="Shown as a list."
      />
      <Button htmlType="submit">Submit</Button>
    </Form>,
  );
  return onFinish;
}

function group() {
  return screen.getByRole('group', { name: 'Key reminders' });
}

function values(): string[] {
  return within(group())
    .queryAllByRole('textbox')
    .map((input) => (input as HTMLInputElement).value);
}

describe('TextListEditor', () => {
  let user: UserEvent;

  beforeEach(() => {
    user = setupUser();
  });

  it('labels every item and its remove button, and submits the list', async () => {
    const onFinish = renderEditor(['Arrive', 'Radio']);

    expect(group()).toHaveAccessibleDescription(
      'Shown as a list. Up to 3 items, each at most 10 characters.',
    );
    expect(within(group()).getByRole('textbox', { name: 'Key reminder 1' })).toHaveValue('Arrive');
    expect(within(group()).getByRole('textbox', { name: 'Key reminder 2' })).toHaveValue('Radio');
    expect(
      within(group()).getByRole('button', { name: 'Remove key reminder 1' }),
    ).toBeInTheDocument();
    expect(
      within(group()).getByRole('button', { name: 'Remove key reminder 2' }),
    ).toBeInTheDocument();

    await fill(user, within(group()).getByRole('textbox', { name: 'Key reminder 1' }), 'Early');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await vi.waitFor(() => expect(onFinish).toHaveBeenCalledTimes(1));
    expect(onFinish).toHaveBeenCalledWith({ reminders: ['Early', 'Radio'] });
  });

  it('adds an empty item by keyboard, focuses it, and stops at the limit', async () => {
    renderEditor(['One', 'Two']);

    const add = within(group()).getByRole('button', { name: 'Add key reminder' });
    add.focus();
    await user.keyboard('{Enter}');

    const third = within(group()).getByRole('textbox', { name: 'Key reminder 3' });
    expect(third).toHaveValue('');
    expect(third).toHaveFocus();
    expect(values()).toEqual(['One', 'Two', '']);
    expect(add).toBeDisabled();
  });

  it('renumbers the items after a removal and moves focus to the one that took its place', async () => {
    renderEditor(['One', 'Two', 'Three']);

    await user.click(within(group()).getByRole('button', { name: 'Remove key reminder 1' }));

    expect(values()).toEqual(['Two', 'Three']);
    const first = within(group()).getByRole('textbox', { name: 'Key reminder 1' });
    expect(first).toHaveValue('Two');
    expect(first).toHaveFocus();
    expect(
      within(group()).queryByRole('button', { name: 'Remove key reminder 3' }),
    ).not.toBeInTheDocument();
    expect(within(group()).getByRole('button', { name: 'Add key reminder' })).toBeEnabled();
  });

  it('focuses the add button once the last item is removed, and says the list is empty', async () => {
    const onFinish = renderEditor(['Only']);

    await user.click(within(group()).getByRole('button', { name: 'Remove key reminder 1' }));

    expect(within(group()).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(group()).getByText('No key reminders.')).toBeInTheDocument();
    expect(within(group()).getByRole('button', { name: 'Add key reminder' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await vi.waitFor(() => expect(onFinish).toHaveBeenCalledWith({ reminders: [] }));
  });

  it('refuses blank and over-long items', async () => {
    const onFinish = renderEditor(['Far too long here', 'Fine']);

    await user.click(within(group()).getByRole('button', { name: 'Add key reminder' }));
    await user.type(within(group()).getByRole('textbox', { name: 'Key reminder 3' }), '   ');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(
      await within(group()).findByText('Key reminder 1 must be at most 10 characters'),
    ).toBeInTheDocument();
    expect(
      await within(group()).findByText('Please enter key reminder 3 or remove it'),
    ).toBeInTheDocument();
    const first = within(group()).getByRole('textbox', { name: 'Key reminder 1' });
    expect(first).toHaveAttribute('aria-invalid', 'true');
    expect(first).toHaveAccessibleDescription('Key reminder 1 must be at most 10 characters');
    expect(onFinish).not.toHaveBeenCalled();
  });
});
