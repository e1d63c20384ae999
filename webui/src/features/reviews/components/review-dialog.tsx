import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { AppTheme } from '../../../components/app-theme';
import { errorEntry } from '../../../components/error-catalogue';
import { CloseIcon } from '../../../components/icons';
import { ReviewThread } from '../../../components/review-thread';
import { errorStatus } from '../../../lib/api-client';
import type { Account } from '../../../lib/api-types';
import { useSubmission } from '../api/get-submission';
import { reviewBlocked } from '../claim-rules';
import { ClaimButtons } from './claim-buttons';
import { ReviewForm } from './review-form';
import { SubmissionSummary } from './submission-summary';

export interface ReviewDialogProps {
  submissionId: number;
  me: Pick<Account, 'id' | 'role'>;
  onClose: () => void;
}

// One submission (loaded lazily with MUI and its theme): summary, earlier reviews, claim buttons and the review form, or why the user
// cannot review it (reviewed or claimed by someone else first, a level they do not review).
export function ReviewDialog({ submissionId, me, onClose }: ReviewDialogProps) {
  const submission = useSubmission(submissionId);
  const [refusal, setRefusal] = useState<string | null>(null);
  const s = submission.data;
  const blocked = s ? reviewBlocked(s, me) : null;
  return (
    <AppTheme>
      <Dialog
        open
        onClose={onClose}
        fullWidth
        maxWidth="md"
        aria-labelledby="review-dialog-title"
        data-testid="review-dialog"
      >
        <DialogTitle id="review-dialog-title" sx={{ pr: 6 }}>
          {s ? `${s.task.curriculum.title} / ${s.task.title}` : '提出'}
          <IconButton aria-label="閉じる" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
            <CloseIcon />
          </IconButton>
        </DialogTitle>
        <DialogContent dividers>
          {submission.error && <Alert severity="error">{errorEntry(errorStatus(submission.error)).message}</Alert>}
          {!s && !submission.error && <LinearProgress aria-label="読み込み中" />}
          {s && (
            <>
              <SubmissionSummary submission={s} />
              <Divider sx={{ my: 2 }} />
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
                レビュー履歴
              </Typography>
              <ReviewThread reviews={s.reviews} />
              <Divider sx={{ my: 2 }} />
              {refusal && (
                <Alert severity="error" sx={{ mb: 2 }} data-testid="review-refusal" onClose={() => setRefusal(null)}>
                  {refusal}
                </Alert>
              )}
              <ClaimButtons submission={s} me={me} onRefused={setRefusal} />
              {blocked ? (
                blocked !== refusal && (
                  <Alert severity="info" sx={{ mt: 2 }} data-testid="review-blocked">
                    {blocked}
                  </Alert>
                )
              ) : (
                <Box sx={{ mt: 2 }}>
                  <ReviewForm submissionId={s.id} onReviewed={onClose} onRefused={setRefusal} />
                </Box>
              )}
            </>
          )}
        </DialogContent>
      </Dialog>
    </AppTheme>
  );
}
