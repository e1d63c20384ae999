import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '../../test/api-mock';
import { EventForm } from './components/event-form';
import { emptyEventDraft } from './event-draft';
import { formValuesOf } from './event-schema';

const tags = [
  { id: 1, name: '勉強会' },
  { id: 2, name: 'もくもく会' },
];

function renderForm(onConfirm = vi.fn()) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <EventForm
        defaultValues={formValuesOf(emptyEventDraft)}
        participantsCount={0}
        tags={tags}
        onConfirm={onConfirm}
      />
    </QueryClientProvider>,
  );
  return onConfirm;
}

async function openManager() {
  await userEvent.click(screen.getByRole('button', { name: 'タグを管理' }));
  return screen.findByRole('dialog', { name: 'タグを管理' });
}

describe('タグを管理 (the event form)', () => {
  it('checks the name as the daemon does, and its submit never submits the event form', async () => {
    const fetch = mockApi({});
    const onConfirm = renderForm();
    const dialog = within(await openManager());
    await userEvent.click(dialog.getByRole('button', { name: '追加' }));
    expect(await dialog.findByText('タグ名は必須です')).toBeInTheDocument();
    await userEvent.type(dialog.getByLabelText('新しいタグ'), 'あ'.repeat(51));
    await userEvent.click(dialog.getByRole('button', { name: '追加' }));
    expect(await dialog.findByText('タグ名は50文字以内でご入力ください')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it("shows the daemon's refusal under the field: a name already taken", async () => {
    const fetch = mockApi({
      'POST /api/v1/event_tags': [
        409,
        apiError(409, '同じ名前のタグがあります', { name: ['同じ名前のタグがあります'] }),
      ],
    });
    renderForm();
    const dialog = within(await openManager());
    await userEvent.type(dialog.getByLabelText('新しいタグ'), ' もくもく会 ');
    await userEvent.click(dialog.getByRole('button', { name: '追加' }));
    expect(await dialog.findByText('同じ名前のタグがあります')).toBeInTheDocument();
    await waitFor(() => expect(fetch.requests).toHaveLength(1));
    expect(JSON.parse(fetch.requests[0]!.body!)).toEqual({ event_tag: { name: 'もくもく会' } });
  });

  it('offers no delete for the default tag', async () => {
    mockApi({});
    renderForm();
    const dialog = within(await openManager());
    const [first, second] = dialog.getAllByTestId('tag-item');
    expect(within(first!).queryByRole('button', { name: '削除' })).toBeNull();
    expect(within(second!).getByRole('button', { name: '削除' })).toBeInTheDocument();
  });
});
