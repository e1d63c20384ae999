import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fill, messages } from '../../lib/messages';
import { apiError, mockApi } from '../../test/api-mock';
import { submissionDetail } from '../../test/curriculum-samples';
import { ReviewDialog } from './components/review-dialog';

const me = { id: 2, role: 'basic_mentor' as const };
const renderDialog = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ReviewDialog submissionId={12} me={me} onClose={() => {}} />
    </QueryClientProvider>,
  );

describe('review dialog', () => {
  it('a claim refused with 409 shows the daemon’s message and the reloaded state', async () => {
    const claimedByHanako = submissionDetail({ claimed_by: { id: 9, display_name: 'メンター花子' } });
    const taken = fill(messages.submission_claimed, { name: 'メンター花子' });
    let claimed = false;
    mockApi({
      'GET /api/v1/submissions/12': () => [200, claimed ? claimedByHanako : submissionDetail()],
      'POST /api/v1/submissions/12/claim': () => {
        claimed = true;
        return [409, apiError(409, taken)];
      },
    });
    renderDialog();
    await userEvent.click(await screen.findByRole('button', { name: '担当する' }));
    expect(await screen.findByTestId('review-refusal')).toHaveTextContent(taken);
    await waitFor(() => expect(screen.getByTestId('submission-summary')).toHaveTextContent('担当: メンター花子さん'));
    expect(screen.queryByTestId('review-form')).toBeNull();
    expect(screen.queryByTestId('review-blocked')).toBeNull(); // the same words once, not twice
  });

  it('a basic mentor sees why an advanced task has no form', async () => {
    mockApi({ 'GET /api/v1/submissions/12': [200, submissionDetail({ can_review: false })] });
    renderDialog();
    expect(await screen.findByTestId('review-blocked')).toHaveTextContent(messages.review_level_forbidden);
    expect(screen.queryByRole('button', { name: '担当する' })).toBeNull();
    expect(screen.queryByTestId('review-form')).toBeNull();
  });
});
