import Stack from '@mui/material/Stack';
import { FilterSelect } from '../../../components/filter-select';
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
  return (
    <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }} data-testid="queue-filters">
      <FilterSelect
        label="ステータス"
        value={filter.status}
        onChange={(v) => onChange(changeFilter(filter, { status: v as QueueStatus }))}
        options={queueStatuses.map((s) => [s, statusLabel(s)])}
      />
      <FilterSelect
        label="カリキュラム"
        value={filter.curriculum}
        onChange={(v) => onChange(changeFilter(filter, { curriculum: v }))}
        options={[['', 'すべて'], ...curriculums.map((c): [string, string] => [c.name, c.title])]}
      />
      <FilterSelect
        label="課題"
        value={filter.taskId === null ? '' : String(filter.taskId)}
        onChange={(v) => onChange(changeFilter(filter, { taskId: v === '' ? null : Number(v) }))}
        options={[['', 'すべて'], ...tasks.map((t): [string, string] => [String(t.id), t.title])]}
      />
      <FilterSelect
        label="担当"
        value={filter.mentor}
        onChange={(v) => onChange(changeFilter(filter, { mentor: v as MentorFilter }))}
        options={Object.entries(mentorLabels) as [string, string][]}
      />
      <FilterSelect
        label="経過日数"
        value={filter.olderThanDays === null ? '' : String(filter.olderThanDays)}
        onChange={(v) => onChange(changeFilter(filter, { olderThanDays: v === '' ? null : Number(v) }))}
        options={[['', 'すべて'], ...ageChoices.map((d): [string, string] => [String(d), `${d}日以上`])]}
      />
    </Stack>
  );
}
