import { PlainButton } from '../../../components/button';
import { errorStatus } from '../../../lib/api-client';
import type { Account, Submission } from '../../../lib/api-types';
import { showErrorPage, showSnackbar, withLoading } from '../../../lib/feedback';
import { messages } from '../../../lib/messages';
import { useClaimSubmission } from '../api/claim-submission';
import { useReleaseSubmission } from '../api/release-submission';
import { canClaim, canRelease } from '../claim-rules';
import { refusalMessage } from '../conflict';

export interface ClaimButtonsProps {
  submission: Submission;
  me: Pick<Account, 'id' | 'role'>;
  onRefused: (message: string) => void;
}

// 担当する / 担当を外す for one submission; a 409/403 goes to onRefused, the queue reloads.
// Plain buttons: they are in the queue's first screen.
export function ClaimButtons({ submission, me, onRefused }: ClaimButtonsProps) {
  const claim = useClaimSubmission();
  const release = useReleaseSubmission();
  const run = async (work: () => Promise<unknown>, done: string) => {
    try {
      await withLoading(work);
      showSnackbar(done);
    } catch (error) {
      const refusal = refusalMessage(error);
      if (refusal) onRefused(refusal);
      else showErrorPage(errorStatus(error));
    }
  };
  const showClaim = canClaim(submission);
  const showRelease = canRelease(submission, me);
  if (!showClaim && !showRelease) return null;
  return (
    <span className="button-row">
      {showClaim && (
        <PlainButton
          variant="outlined"
          onClick={() => void run(() => claim.mutateAsync(submission.id), messages.claim_taken)}
        >
          担当する
        </PlainButton>
      )}
      {showRelease && (
        <PlainButton onClick={() => void run(() => release.mutateAsync(submission.id), messages.claim_released)}>
          担当を外す
        </PlainButton>
      )}
    </span>
  );
}
