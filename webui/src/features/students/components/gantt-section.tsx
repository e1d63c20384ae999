import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ganttPeriods } from '../../../components/gantt/from-api';
import { GanttChart } from '../../../components/gantt/gantt-chart';
import { useGantt } from '../api/get-gantt';
import { courseLabel } from '../courses';
import { formatDate } from '../../../lib/dates';

// The student's course plan against what happened (GET /students/{id}/gantt).
export function GanttSection({ studentId }: { studentId: number }) {
  const gantt = useGantt(studentId);
  if (gantt.error) return <Typography color="error">ガントチャートを読み込めませんでした</Typography>;
  if (!gantt.data) return null;
  const { data } = gantt;
  return (
    <Stack spacing={1}>
      <Typography variant="body2" color="text.secondary" component="div">
        {courseLabel(data.course)}: {formatDate(data.start_date)} 〜 {formatDate(data.end_date)}
        {data.behind && <Chip size="small" color="error" label="遅れ" sx={{ ml: 1 }} />}
      </Typography>
      <GanttChart
        periods={ganttPeriods(data.periods)}
        today={data.today}
        title={`${courseLabel(data.course)}のガントチャート`}
      />
    </Stack>
  );
}
