import Avatar from '@mui/material/Avatar';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import defaultAvatarUrl from '../../../assets/default-avatar.svg';
import type { StudentDetail } from '../../../lib/api-types';
import { courseLabel } from '../courses';
import { statusLabels } from '../list-state';
import { formatDate } from '../../../lib/dates';
import { displayName } from '../../../lib/display-name';

// The display name (the record's 氏名 below it when the nickname differs), e-mail, course and
// start date, status, the behind mark and the counts.
export function StudentProfile({ student }: { student: StudentDetail }) {
  const rows: [string, string][] = [
    ['メールアドレス', student.email],
    ['コース', courseLabel(student.course)],
    ['受講開始日', formatDate(student.start_date)],
    ['ステータス', statusLabels[student.status]],
    ['次の期限', student.due_on ? formatDate(student.due_on) : '—'],
    ['メンタリング', `${student.counts.mentorings}件`],
    ['提出', `${student.counts.submissions}件(合格した課題 ${student.counts.approved_tasks})`],
    ['質問', `${student.counts.questions}件`],
  ];
  return (
    <Stack spacing={2} data-testid="student-profile">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Avatar src={student.image_url || defaultAvatarUrl} alt="" sx={{ width: 56, height: 56 }} />
        <div>
          <Typography variant="h6" component="div">
            {displayName(student)}
            {student.behind && <Chip size="small" color="error" label="遅れ" sx={{ ml: 1 }} />}
            {!student.registered && <Chip size="small" variant="outlined" label="招待中" sx={{ ml: 1 }} />}
          </Typography>
          {student.name && student.name !== displayName(student) && (
            <Typography color="text.secondary">{student.name}</Typography>
          )}
        </div>
      </Stack>
      <dl
        className="student-facts"
        style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '4px 16px', margin: 0 }}
      >
        {rows.map(([term, value]) => (
          <div key={term} style={{ display: 'contents' }}>
            <dt style={{ color: '#616161' }}>{term}</dt>
            <dd style={{ margin: 0, overflowWrap: 'anywhere' }}>{value}</dd>
          </div>
        ))}
      </dl>
    </Stack>
  );
}
