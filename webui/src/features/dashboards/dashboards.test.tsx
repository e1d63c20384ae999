import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppTheme } from '../../components/app-theme';
import { theme } from '../../components/theme';
import type { Dashboard, DashboardTrends, StudentCourse } from '../../lib/api-types';
import { CountBars } from './components/count-bars';
import { FigureCard } from './components/figure-card';
import { TrendCharts } from './components/trend-charts';
import { activeTotal, bucketBars, courseBars, trendRows, weekLabel } from './figures';

const course = (code: StudentCourse['code'], months: number): StudentCourse => ({
  code,
  name: code === 'u29' ? 'U29コース' : 'Railsキャリアコース',
  months,
});
const dashboard = {
  today: '2026-11-25',
  active_by_course: [
    { course: course('rails_4m', 4), count: 120, link: '/students?status=active&course=rails_4m' },
    { course: course('u29', 3), count: 30, link: '/students?status=active&course=u29' },
  ],
  behind: { count: 5, by_course: [], link: '/students?behind=true' },
  waiting_submissions: {
    count: 31,
    oldest_created_at: null,
    buckets: [
      { key: 'within_1_day', from_days: 0, below_days: 1, count: 9, link: '/reviews?age_below=1' },
      { key: 'within_3_days', from_days: 1, below_days: 3, count: 12, link: '/reviews?age=1&age_below=3' },
      { key: 'within_7_days', from_days: 3, below_days: 7, count: 6, link: '/reviews?age=3&age_below=7' },
      { key: 'over_7_days', from_days: 7, below_days: null, count: 4, link: '/reviews?age=7' },
    ],
    link: '/reviews',
  },
  unanswered_questions: { count: 6, link: '/questions?unanswered=true' },
  upcoming_events: { count: 0, data: [], link: '/events' },
  new_students_this_month: { count: 22, link: '/students?started_from=2026-11-01&started_to=2026-11-30' },
  failed_mails: { count: 0, link: null },
} satisfies Dashboard;

const trends = {
  today: '2026-11-25',
  weeks: 3,
  data: [
    { week_start: '2026-11-09', submissions: 4, reviews: 0, median_review_wait_hours: null, behind: 2 },
    { week_start: '2026-11-16', submissions: 7, reviews: 5, median_review_wait_hours: 12.345, behind: 3 },
    { week_start: '2026-11-23', submissions: 2, reviews: 3, median_review_wait_hours: 4, behind: 1 },
  ],
} satisfies DashboardTrends;

// Where a click went (the chart navigates with the router).
function Here() {
  const location = useLocation();
  return <output data-testid="here">{location.pathname + location.search}</output>;
}

const inRouter = (ui: React.ReactNode) =>
  render(
    <AppTheme>
      <MemoryRouter initialEntries={['/dashboards']}>
        <Routes>
          <Route
            path="*"
            element={
              <>
                {ui}
                <Here />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </AppTheme>,
  );

describe('dashboard figures', () => {
  it('turns counts into bars that link to the filtered lists', () => {
    expect(activeTotal(dashboard)).toBe(150);
    expect(courseBars(dashboard.active_by_course)).toEqual([
      {
        key: 'rails_4m',
        tick: '4ヶ月',
        label: 'Railsキャリアコース(4ヶ月)',
        count: 120,
        link: '/students?status=active&course=rails_4m',
        tone: 'primary',
      },
      {
        key: 'u29',
        tick: 'U29',
        label: 'U29コース(3ヶ月)',
        count: 30,
        link: '/students?status=active&course=u29',
        tone: 'primary',
      },
    ]);
  });

  it("names the age buckets from the daemon's bounds and keeps its links", () => {
    expect(bucketBars(dashboard).map((b) => [b.label, b.count, b.link, b.tone])).toEqual([
      ['1日未満', 9, '/reviews?age_below=1', 'secondary'],
      ['1〜3日', 12, '/reviews?age=1&age_below=3', 'primary'],
      ['3〜7日', 6, '/reviews?age=3&age_below=7', 'warning'],
      ['7日以上', 4, '/reviews?age=7', 'error'],
    ]);
  });

  it('weeks are named by their Monday; the median wait is rounded, a week without reviews a gap', () => {
    expect(weekLabel('2026-11-09')).toBe('11/9週');
    expect(trendRows(trends)).toEqual({
      weeks: ['11/9週', '11/16週', '11/23週'],
      submissions: [4, 7, 2],
      reviews: [0, 5, 3],
      medianWait: [null, 12.3, 4],
      behind: [2, 3, 1],
    });
  });
});

describe('charts', () => {
  it('draws one bar per item in the theme colour of its tone; the links below open the lists', async () => {
    inRouter(<CountBars label="待ち時間別" bars={bucketBars(dashboard)} />);
    const chart = screen.getByTestId('count-bars');
    const fills = [...chart.querySelectorAll('svg rect[fill]')]
      .map((r) => r.getAttribute('fill'))
      .filter((f) => f !== 'none' && f !== 'transparent');
    expect(fills).toEqual([
      theme.palette.secondary.main,
      theme.palette.primary.main,
      theme.palette.warning.main,
      theme.palette.error.main,
    ]);
    const list = screen.getByRole('list', { name: '待ち時間別' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1日未満 9件', '1〜3日 12件', '3〜7日 6件', '7日以上 4件']);
    await userEvent.click(within(list).getByRole('link', { name: '1〜3日' }));
    expect(screen.getByTestId('here')).toHaveTextContent('/reviews?age=1&age_below=3');
  });

  it('draws the weekly trends with Japanese labels and says the same in a table', () => {
    inRouter(<TrendCharts trends={trends} />);
    const charts = screen.getByTestId('trend-charts');
    expect(within(charts).getByRole('figure', { name: '提出とレビュー（件）' })).toBeInTheDocument();
    expect(within(charts).getByRole('figure', { name: 'レビュー待ち時間の中央値（時間）' })).toBeInTheDocument();
    expect(within(charts).getByRole('figure', { name: '遅れている受講生（週末時点、名）' })).toBeInTheDocument();
    expect(charts).toHaveTextContent('11/16週');
    expect(charts).toHaveTextContent('提出');
    expect(charts).toHaveTextContent('レビュー');
    const rows = within(screen.getByTestId('trend-table')).getAllByRole('row').slice(1);
    expect(rows.map((r) => [...r.children].map((c) => c.textContent))).toEqual([
      ['11/9週', '4', '0', 'レビューなし', '2'],
      ['11/16週', '7', '5', '12.3時間', '3'],
      ['11/23週', '2', '3', '4時間', '1'],
    ]);
    const lines = [...charts.querySelectorAll('path[stroke]')].map((p) => p.getAttribute('stroke'));
    expect(lines).toContain(theme.palette.warning.main);
    expect(lines).toContain(theme.palette.error.main);
  });

  it('a figure links its number to the list, or shows it plainly without a link', () => {
    inRouter(
      <>
        <FigureCard title="遅れている受講生" count={5} unit="名" link="/students?behind=true" alert />
        <FigureCard title="送信に失敗したメール" count={0} link={null} />
      </>,
    );
    expect(screen.getByRole('link', { name: '遅れている受講生 5名' })).toHaveAttribute('href', '/students?behind=true');
    expect(screen.queryByRole('link', { name: /送信に失敗したメール/ })).toBeNull();
  });
});
