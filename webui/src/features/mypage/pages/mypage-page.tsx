import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { Link, useRouteLoaderData } from 'react-router';
import { AppTheme } from '../../../components/app-theme';
import { ganttPeriods } from '../../../components/gantt/from-api';
import { GanttChart } from '../../../components/gantt/gantt-chart';
import { PageHeading } from '../../../components/page-heading';
import { PageSection } from '../../../components/page-section';
import { errorStatus } from '../../../lib/api-client';
import type { Account } from '../../../lib/api-types';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { showErrorPage } from '../../../lib/feedback';
import { canSeeEvents } from '../../../lib/roles';
import { useMyPage } from '../api/get-mypage';
import { NextTaskCard } from '../components/next-task';
import { ProgressList } from '../components/progress-list';
import { QuestionnaireTasks } from '../../../components/questionnaire-tasks';

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
      {d && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <QuestionnaireTasks />
          <PageSection title="次の課題">
            <NextTaskCard task={d.next_task} />
          </PageSection>
          <PageSection title="カリキュラムの進捗">
            <ProgressList progress={d.progress} />
          </PageSection>
          <PageSection title="ガントチャート" wide>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {d.gantt.course.name}({d.gantt.course.months}ヶ月): {formatDate(d.gantt.start_date)} 〜{' '}
              {formatDate(d.gantt.end_date)}
            </Typography>
            <GanttChart periods={ganttPeriods(d.gantt.periods)} today={d.gantt.today} title="わたしのガントチャート" />
          </PageSection>
          <PageSection title="未解決の質問">
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
          </PageSection>
          {canSeeEvents(me) && (
            <PageSection title="今後のイベント">
              {d.upcoming_events.length === 0 ? (
                <Typography color="text.secondary">予定されているイベントはありません</Typography>
              ) : (
                <List dense disablePadding>
                  {d.upcoming_events.map((e) => (
                    <ListItem key={e.id} disableGutters sx={{ display: 'block' }}>
                      <Link to="/events">{e.title}</Link>
                      {e.cancelled && (
                        <Typography component="span" variant="caption" color="error" sx={{ ml: 1 }}>
                          中止
                        </Typography>
                      )}
                      <Typography variant="caption" color="text.secondary" component="div">
                        {formatDateTime(e.starts_at)}
                      </Typography>
                    </ListItem>
                  ))}
                </List>
              )}
            </PageSection>
          )}
        </Box>
      )}
    </AppTheme>
  );
}
