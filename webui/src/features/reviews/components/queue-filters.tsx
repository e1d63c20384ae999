import { FilterSelect } from '../../../components/filter-select';
import { ageLabel, submissionStatusLabels } from '../../../lib/review-status';
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

// An age range as one select value: "from-below" ("-" is every age).
const ageKey = (from: number | null, below: number | null) => `${from ?? ''}-${below ?? ''}`;
const fromKey = (key: string): [number | null, number | null] =>
  key.split('-').map((n) => (n === '' ? null : Number(n))) as [number | null, number | null];

export interface QueueFiltersProps {
  filter: QueueFilter;
  curriculums: CurriculumOption[];
  onChange: (next: QueueFilter) => void;
}

// ステータス, カリキュラム, 課題, 担当, 経過日数: each change reloads the queue from page 1.
export function QueueFilters({ filter, curriculums, onChange }: QueueFiltersProps) {
  const age = ageKey(filter.olderThanDays, filter.newerThanDays);
  const ages = [[null, null] as const, ...ageChoices].map(([from, below]): [string, string] => [
    ageKey(from, below),
    ageLabel(from, below),
  ]);
  // A range from a shared link that is not one of the choices is still shown as it is.
  if (!ages.some(([key]) => key === age)) ages.push([age, ageLabel(filter.olderThanDays, filter.newerThanDays)]);
  const tasks = curriculums.find((c) => c.name === filter.curriculum)?.tasks ?? curriculums.flatMap((c) => c.tasks);
  return (
    <div className="filter-bar" data-testid="queue-filters">
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
        value={age}
        onChange={(v) => {
          const [olderThanDays, newerThanDays] = fromKey(v);
          onChange(changeFilter(filter, { olderThanDays, newerThanDays }));
        }}
        options={ages}
      />
    </div>
  );
}
