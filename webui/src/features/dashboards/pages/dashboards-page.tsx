import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router';
import { AppTheme } from '../../../components/app-theme';
import { PageHeading } from '../../../components/page-heading';
import { errorStatus } from '../../../lib/api-client';
import { daysSince, formatDateTime } from '../../../lib/dates';
import { showErrorPage } from '../../../lib/feedback';
import { useDashboard } from '../api/get-dashboard';
import { TREND_WEEKS, useTrends } from '../api/get-trends';
import { CountBars } from '../components/count-bars';
import { FigureCard } from '../components/figure-card';
import { TrendCharts } from '../components/trend-charts';
import { activeTotal, bucketBars, courseBars } from '../figures';

// /dashboards (admin, dashboard layout): every figure links to its filtered list, which shows
// exactly that many (the daemon gives both from one definition); the spreads (by course, by
// age) and the weekly trends are MUI X charts, loaded with this page's chunk only.
export function Component() {
  const dashboard = useDashboard();
  const trends = useTrends();
  const error = dashboard.error ?? trends.error;
  useEffect(() => {
    if (error) showErrorPage(errorStatus(error));
  }, [error]);
  const d = dashboard.data;
  return (
    <AppTheme>
      <PageHeading title="ダッシュボード" />
      <Box component="nav" aria-label="管理メニュー" sx={{ mb: 2 }}>
        <Link component={RouterLink} to="/subsidy/questionnaires">
          助成金アンケートの回答状況
        </Link>
      </Box>
      {d && (
        <Box
          data-testid="dashboard"
          sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(3, 1fr)' } }}
        >
          <FigureCard title="受講中の受講生" count={activeTotal(d)} unit="名" link="/students?status=active">
            <CountBars label="コース別の受講中の受講生" unit="名" bars={courseBars(d.active_by_course)} />
          </FigureCard>
          <FigureCard title="遅れている受講生" count={d.behind.count} unit="名" link={d.behind.link} alert>
            <CountBars label="コース別の遅れている受講生" unit="名" bars={courseBars(d.behind.by_course, 'error')} />
          </FigureCard>
          <FigureCard title="レビュー待ちの提出" count={d.waiting_submissions.count} link={d.waiting_submissions.link}>
            {d.waiting_submissions.oldest_created_at && (
              <Typography variant="caption" color="text.secondary" component="p">
                最も古い提出: {daysSince(d.waiting_submissions.oldest_created_at)}日前
              </Typography>
            )}
            <CountBars label="待ち時間別のレビュー待ちの提出" bars={bucketBars(d)} />
          </FigureCard>
          <FigureCard
            title="未回答の質問"
            count={d.unanswered_questions.count}
            link={d.unanswered_questions.link}
            alert
          />
          <FigureCard
            title="今月の新しい受講生"
            count={d.new_students_this_month.count}
            unit="名"
            link={d.new_students_this_month.link}
          />
          <FigureCard title="送信に失敗したメール" count={d.failed_mails.count} link={d.failed_mails.link} alert />
          <FigureCard title="今後のイベント" count={d.upcoming_events.count} link={d.upcoming_events.link}>
            <List dense disablePadding>
              {d.upcoming_events.data.map((e) => (
                <ListItem key={e.id} disableGutters sx={{ display: 'block' }}>
                  <Typography variant="body2">
                    <Link component={RouterLink} to={d.upcoming_events.link}>
                      {e.title}
                    </Link>
                    {e.cancelled && <Chip size="small" label="中止" sx={{ ml: 1 }} />}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {formatDateTime(e.starts_at)} ・ {e.participants_count}/{e.capacity}名
                  </Typography>
                </ListItem>
              ))}
            </List>
          </FigureCard>
        </Box>
      )}
      {trends.data && (
        <Paper variant="outlined" component="section" aria-labelledby="trends-heading" sx={{ p: 2, mt: 2 }}>
          <Typography id="trends-heading" variant="subtitle2" component="h2" color="text.secondary" sx={{ mb: 1 }}>
            週ごとの推移（直近{TREND_WEEKS}週）
          </Typography>
          <TrendCharts trends={trends.data} />
        </Paper>
      )}
    </AppTheme>
  );
}
