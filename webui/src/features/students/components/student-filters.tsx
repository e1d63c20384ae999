import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { FilterSelect } from '../../../components/filter-select';
import type { Person } from '../../../lib/api-types';
import { displayName } from '../../../lib/display-name';
import { limits } from '../../../lib/messages';
import { courseOptions } from '../courses';
import { STUDENT_STATUSES, statusLabels, withFilter, type StudentListState } from '../list-state';

export interface StudentFiltersProps {
  state: StudentListState;
  mentors: Person[];
  onChange: (next: StudentListState) => void;
}

// 検索 (name, nickname or e-mail; sent on Enter or when the field is left), コース, 担当, ステータス,
// 遅れのみ: each change goes into the URL and reloads the list from page 1.
export function StudentFilters({ state, mentors, onChange }: StudentFiltersProps) {
  const [q, setQ] = useState(state.q);
  useEffect(() => setQ(state.q), [state.q]);
  const search = () => {
    if (q.trim() !== state.q) onChange(withFilter(state, { q: q.trim() }));
  };
  return (
    <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
      <TextField
        size="small"
        type="search"
        label="氏名・メールアドレスで検索"
        value={q}
        slotProps={{ htmlInput: { maxLength: limits.student_search_max } }}
        onChange={(e) => setQ(e.target.value)}
        onBlur={search}
        onKeyDown={(e) => {
          if (e.key === 'Enter') search();
        }}
        sx={{ minWidth: 240, flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
      />
      <FilterSelect
        label="コース"
        value={state.course}
        onChange={(course) => onChange(withFilter(state, { course }))}
        options={[['', 'すべて'], ...courseOptions]}
      />
      <FilterSelect
        label="担当"
        value={state.mentorId === null ? '' : String(state.mentorId)}
        onChange={(v) => onChange(withFilter(state, { mentorId: v === '' ? null : v === 'none' ? 'none' : Number(v) }))}
        options={[
          ['', 'すべて'],
          ['none', '未割り当て'],
          ...mentors.map((m): [string, string] => [String(m.id), displayName(m)]),
        ]}
      />
      <FilterSelect
        label="ステータス"
        value={state.status}
        onChange={(v) => onChange(withFilter(state, { status: v as StudentListState['status'] }))}
        options={[['', 'すべて'], ...STUDENT_STATUSES.map((s): [string, string] => [s, statusLabels[s]])]}
      />
      <FormControlLabel
        control={
          <Switch checked={state.behind} onChange={(e) => onChange(withFilter(state, { behind: e.target.checked }))} />
        }
        label="遅れている受講生のみ"
      />
    </Stack>
  );
}
