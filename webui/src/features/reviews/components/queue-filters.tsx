import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { submissionStatusLabels } from '../../../lib/review-status';
import type { CurriculumOption } from '../api/get-curriculum-options';
import {
  ageChoices,
  changeFilter,
  queueStatuses,
  type MentorFilter,
  type QueueFilter,
  type QueueStatus,
} from '../queue-filter';

const statusLabel = (status: QueueStatus) => (status === 'all' ? 'すべて' : submissionStatusLabels[status]);
const mentorLabels: Record<MentorFilter, string> = { all: 'すべて', me: '自分', none: '担当なし' };

export interface QueueFiltersProps {
  filter: QueueFilter;
  curriculums: CurriculumOption[];
  onChange: (next: QueueFilter) => void;
}

// ステータス, カリキュラム, 課題, 担当, 経過日数: each change reloads the queue from page 1.
export function QueueFilters({ filter, curriculums, onChange }: QueueFiltersProps) {
  const tasks = curriculums.find((c) => c.name === filter.curriculum)?.tasks ?? curriculums.flatMap((c) => c.tasks);
  const select = (label: string, value: string, set: (value: string) => void, options: [string, string][]) => (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(event) => set(event.target.value)}
      sx={{ minWidth: 150 }}
    >
      {options.map(([v, text]) => (
        <MenuItem key={v} value={v}>
          {text}
        </MenuItem>
      ))}
    </TextField>
  );
  return (
    <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }} data-testid="queue-filters">
      {select(
        'ステータス',
        filter.status,
        (v) => onChange(changeFilter(filter, { status: v as QueueStatus })),
        queueStatuses.map((s) => [s, statusLabel(s)]),
      )}
      {select('カリキュラム', filter.curriculum, (v) => onChange(changeFilter(filter, { curriculum: v })), [
        ['', 'すべて'],
        ...curriculums.map((c): [string, string] => [c.name, c.title]),
      ])}
      {select(
        '課題',
        filter.taskId === null ? '' : String(filter.taskId),
        (v) => onChange(changeFilter(filter, { taskId: v === '' ? null : Number(v) })),
        [['', 'すべて'], ...tasks.map((t): [string, string] => [String(t.id), t.title])],
      )}
      {select(
        '担当',
        filter.mentor,
        (v) => onChange(changeFilter(filter, { mentor: v as MentorFilter })),
        Object.entries(mentorLabels) as [string, string][],
      )}
      {select(
        '経過日数',
        filter.olderThanDays === null ? '' : String(filter.olderThanDays),
        (v) => onChange(changeFilter(filter, { olderThanDays: v === '' ? null : Number(v) })),
        [['', 'すべて'], ...ageChoices.map((d): [string, string] => [String(d), `${d}日以上`])],
      )}
    </Stack>
  );
}
