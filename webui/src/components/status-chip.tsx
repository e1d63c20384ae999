import Chip from '@mui/material/Chip';
import type { StatusTone } from '../lib/review-status';

// Colour pairs with at least 4.5:1 contrast (WCAG AA), so the accessibility checks pass.
const tones: Record<StatusTone, { bgcolor: string; color: string }> = {
  neutral: { bgcolor: '#f1f5f9', color: '#334155' },
  pending: { bgcolor: '#dbeafe', color: '#1e40af' },
  changes: { bgcolor: '#fef3c7', color: '#92400e' },
  done: { bgcolor: '#dcfce7', color: '#166534' },
};

// A task's, submission's or review's status as a small coloured label.
export function StatusChip({ label, tone, testId }: { label: string; tone: StatusTone; testId?: string }) {
  return <Chip size="small" label={label} data-testid={testId} sx={{ ...tones[tone], fontWeight: 600 }} />;
}
