import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, type ReactNode } from 'react';
import { Link, useRouteLoaderData } from 'react-router';
import { AppTheme } from '../../../components/app-theme';
import { ganttPeriods } from '../../../components/gantt/from-api';
import { GanttChart } from '../../../components/gantt/gantt-chart';
import { PageHeading } from '../../../components/page-heading';
import { errorStatus } from '../../../lib/api-client';
import type { Account } from '../../../lib/api-types';
import { formatDateTime } from '../../../lib/dates';
import { showErrorPage } from '../../../lib/feedback';
import { canSeeEvents } from '../../../lib/roles';
import { useMyPage } from '../api/get-mypage';
import { NextTaskCard } from '../components/next-task';
import { ProgressList } from '../components/progress-list';
import { QuestionnaireTasks } from '../components/questionnaire-tasks';

function Section({ title, children, wide = false }: { title: string; children: ReactNode; wide?: boolean }) {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={title}
      sx={{ p: 2, minWidth: 0, gridColumn: wide ? '1 / -1' : undefined }}
    >
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

// /mypage (students): the next task, progress by curriculum, the own Gantt chart, open questions
// and upcoming events (not for U29 students, who have no events); above them, the subsidy
// questionnaires due now.
export function Component() {
  const me = useRouteLoaderData('frame') as Account;
  const page = useMyPage();
  useEffect(() => {
    if (page.error) showErrorPage(errorStatus(page.error));
  }, [page.error]);
  const d = page.data;
  return (
    <AppTheme>
      <PageHeading title="ダッシュボード" />
      <QuestionnaireTasks />
      {d && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <Section title="次の課題">
            <NextTaskCard task={d.next_task} />
          </Section>
          <Section title="カリキュラムの進捗">
            <ProgressList progress={d.progress} />
          </Section>
          <Section title="ガントチャート" wide>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {d.gantt.course.name}({d.gantt.course.months}ヶ月): {d.gantt.start_date} 〜 {d.gantt.end_date}
            </Typography>
            <GanttChart periods={ganttPeriods(d.gantt.periods)} today={d.gantt.today} title="わたしのガントチャート" />
          </Section>
          <Section title="未解決の質問">
            {d.open_questions.length === 0 ? (
              <Typography color="text.secondary">未解決の質問はありません</Typography>
            ) : (
              <List dense disablePadding>
                {d.open_questions.map((q) => (
                  <ListItem key={q.id} disableGutters sx={{ display: 'block' }}>
                    <Link to={`/questions/${q.id}`}>{q.title}</Link>
                    <Typography variant="caption" color="text.secondary" component="div">
                      {formatDateTime(q.created_at)} ・ 回答 {q.answers_count}件
                    </Typography>
                  </ListItem>
                ))}
              </List>
            )}
          </Section>
          {canSeeEvents(me) && (
            <Section title="今後のイベント">
              {d.upcoming_events.length === 0 ? (
                <Typography color="text.secondary">予定されているイベントはありません</Typography>
              ) : (
                <List dense disablePadding>
                  {d.upcoming_events.map((e) => (
                    <ListItem key={e.id} disableGutters sx={{ display: 'block' }}>
                      <Link to="/events">{e.title}</Link>
                      <Typography variant="caption" color="text.secondary" component="div">
                        {formatDateTime(e.starts_at)}
                      </Typography>
                    </ListItem>
                  ))}
                </List>
              )}
            </Section>
          )}
        </Box>
      )}
    </AppTheme>
  );
}
