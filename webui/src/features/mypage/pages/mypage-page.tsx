import { useEffect } from 'react';
import { Link, useRouteLoaderData } from 'react-router';
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
import './mypage-page.css';

// /mypage (students): the next task, progress by curriculum, the own Gantt chart, open questions
// and upcoming events (not for U29 students, who have no events); above them, the subsidy
// questionnaires due now. Plain elements and CSS: the page paints without MUI.
export function Component() {
  const me = useRouteLoaderData('frame') as Account;
  const page = useMyPage();
  useEffect(() => {
    if (page.error) showErrorPage(errorStatus(page.error));
  }, [page.error]);
  const d = page.data;
  return (
    <>
      <PageHeading title="ダッシュボード" />
      {d && (
        <div className="mypage-grid">
          <QuestionnaireTasks />
          <PageSection title="次の課題">
            <NextTaskCard task={d.next_task} />
          </PageSection>
          <PageSection title="カリキュラムの進捗">
            <ProgressList progress={d.progress} />
          </PageSection>
          <PageSection title="ガントチャート" wide>
            <p className="text-body2 text-secondary mypage-course">
              {d.gantt.course.name}({d.gantt.course.months}ヶ月): {formatDate(d.gantt.start_date)} 〜{' '}
              {formatDate(d.gantt.end_date)}
            </p>
            <GanttChart periods={ganttPeriods(d.gantt.periods)} today={d.gantt.today} title="わたしのガントチャート" />
          </PageSection>
          <PageSection title="未解決の質問">
            {d.open_questions.length === 0 ? (
              <p className="text-body1 text-secondary">未解決の質問はありません</p>
            ) : (
              <ul className="mypage-list">
                {d.open_questions.map((q) => (
                  <li key={q.id}>
                    <Link to={`/questions/${q.id}`}>{q.title}</Link>
                    <div className="text-caption text-secondary">
                      {formatDateTime(q.created_at)} ・ 回答 {q.answers_count}件
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </PageSection>
          {canSeeEvents(me) && (
            <PageSection title="今後のイベント">
              {d.upcoming_events.length === 0 ? (
                <p className="text-body1 text-secondary">予定されているイベントはありません</p>
              ) : (
                <ul className="mypage-list">
                  {d.upcoming_events.map((e) => (
                    <li key={e.id}>
                      <Link to="/events">{e.title}</Link>
                      {e.cancelled && <span className="text-caption text-error mypage-cancelled">中止</span>}
                      <div className="text-caption text-secondary">{formatDateTime(e.starts_at)}</div>
                    </li>
                  ))}
                </ul>
              )}
            </PageSection>
          )}
        </div>
      )}
    </>
  );
}
