import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { clearErrorPage, errorPageStore } from '../../../lib/feedback';
import { mockApi } from '../../../test/api-mock';
import { AnswerForm } from './answer-form';

const tooLong = 'あ'.repeat(20_001);

function renderForm() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AnswerForm questionId={7} onAnswering={() => {}} onCancelAnswering={() => {}} />
    </QueryClientProvider>,
  );
}

afterEach(clearErrorPage);

describe('answer form', () => {
  it("shows a 422's field message under the field, not the error page", async () => {
    const message = '本文は20000文字以内で入力してください';
    mockApi({
      'POST /api/v1/questions/7/answers': [
        422,
        { error: { status: 422, code: 'invalid', message: 'x', fields: { body: [message] }, request_id: 'r' } },
      ],
    });
    renderForm();
    fireEvent.input(screen.getByLabelText('回答 (Markdown)'), { target: { value: tooLong } });
    const submit = screen.getByRole('button', { name: '回答する' });
    await waitFor(() => expect(submit).toBeEnabled());
    await userEvent.click(submit);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByLabelText('回答 (Markdown)')).toHaveAttribute('aria-invalid', 'true');
    expect(errorPageStore.get()).toBeNull();
  });

  it('other failures still show the error page', async () => {
    mockApi({
      'POST /api/v1/questions/7/answers': [
        503,
        { error: { status: 503, code: 'unavailable', message: 'x', request_id: 'r' } },
      ],
    });
    renderForm();
    fireEvent.input(screen.getByLabelText('回答 (Markdown)'), { target: { value: '回答です' } });
    const submit = screen.getByRole('button', { name: '回答する' });
    await waitFor(() => expect(submit).toBeEnabled());
    await userEvent.click(submit);
    await waitFor(() => expect(errorPageStore.get()).toBe(503));
  });
});
