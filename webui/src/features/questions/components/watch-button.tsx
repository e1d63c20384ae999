import Button from '@mui/material/Button';
import { NotificationsIcon } from '../../../components/icons';
import { errorStatus } from '../../../lib/api-client';
import { showErrorPage } from '../../../lib/feedback';
import { useQuestionWatch, useSetQuestionWatch } from '../api/question-watch';

// ウォッチ中 / ウォッチする: whether the caller hears of new answers and the solution (the asker
// and every answerer watch from the start).
export function WatchButton({ questionId }: { questionId: number }) {
  const watch = useQuestionWatch(questionId);
  const set = useSetQuestionWatch(questionId);
  if (!watch.data) return null;
  const watching = watch.data.watching;
  return (
    <Button
      variant={watching ? 'contained' : 'outlined'}
      size="small"
      startIcon={<NotificationsIcon width={18} height={18} />}
      aria-pressed={watching}
      disabled={set.isPending}
      onClick={() => set.mutate(!watching, { onError: (error) => showErrorPage(errorStatus(error)) })}
      data-testid="watch-button"
    >
      {watching ? 'ウォッチ中' : 'ウォッチする'}
    </Button>
  );
}
