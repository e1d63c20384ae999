import type { StatusTone } from '../lib/review-status';
import { Chip } from './chip';

// Colour pairs with at least 4.5:1 contrast (WCAG AA), so the accessibility checks pass.
const tones: Record<StatusTone, { background: string; color: string }> = {
  neutral: { background: '#f1f5f9', color: '#334155' },
  pending: { background: '#dbeafe', color: '#1e40af' },
  changes: { background: '#fef3c7', color: '#92400e' },
  done: { background: '#dcfce7', color: '#166534' },
};

// A task's, submission's or review's status as a small coloured label.
export function StatusChip({ label, tone, testId }: { label: string; tone: StatusTone; testId?: string }) {
  return <Chip label={label} className="chip--status" style={tones[tone]} testId={testId} />;
}
