import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Curriculum } from '../../../lib/api-types';

export const progressPercent = ({ total, approved }: Curriculum['progress']) =>
  total === 0 ? 0 : Math.round((approved / total) * 100);

// 'N / M 課題合格' with a bar (students only: others have no progress of their own).
export function ProgressSummary({ progress }: { progress: Curriculum['progress'] }) {
  const percent = progressPercent(progress);
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} data-testid="curriculum-progress">
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-label={`進捗 ${percent}%`}
        sx={{ flex: 1, height: 8, borderRadius: 4 }}
      />
      <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
        {progress.approved} / {progress.total} 課題合格
      </Typography>
    </Stack>
  );
}
