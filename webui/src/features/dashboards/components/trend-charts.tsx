import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import type { ReactNode } from 'react';
import type { DashboardTrends } from '../../../lib/api-types';
import { trendRows, type TrendRows } from '../figures';
import { chartLocaleText, useToneColours } from './chart-parts';

const HEIGHT = 220;
const margin = { top: 8, right: 8, bottom: 0, left: 0 };

function ChartFigure({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="figure" aria-label={title} sx={{ m: 0, minWidth: 0 }}>
      <Typography component="figcaption" variant="body2" color="text.secondary">
        {title}
      </Typography>
      {children}
    </Box>
  );
}

// The weekly trends (GET /api/v1/dashboard/trends): submissions and reviews as bars, the median
// wait for a review and the students behind plan as lines; one week per tick (its Monday).
export function TrendCharts({ trends }: { trends: DashboardTrends }) {
  const rows = trendRows(trends);
  const colours = useToneColours();
  const xAxis = (scaleType: 'band' | 'point') => [{ scaleType, data: rows.weeks, height: 28 }];
  return (
    <Box
      data-testid="trend-charts"
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr', lg: 'repeat(3, 1fr)' } }}
    >
      <ChartFigure title="提出とレビュー（件）">
        <BarChart
          height={HEIGHT}
          margin={margin}
          xAxis={xAxis('band')}
          yAxis={[{ min: 0, tickMinStep: 1, width: 36 }]}
          series={[
            { data: rows.submissions, label: '提出', color: colours.primary },
            { data: rows.reviews, label: 'レビュー', color: colours.secondary },
          ]}
          skipAnimation
          localeText={chartLocaleText}
        />
      </ChartFigure>
      {/* monotoneX: the smoothed line never overshoots below 0 or past a week's value */}
      <ChartFigure title="レビュー待ち時間の中央値（時間）">
        <LineChart
          height={HEIGHT}
          margin={margin}
          xAxis={xAxis('point')}
          yAxis={[{ min: 0, width: 36 }]}
          series={[
            {
              data: rows.medianWait,
              label: '中央値（時間）',
              color: colours.warning,
              valueFormatter: hours,
              curve: 'monotoneX',
            },
          ]}
          hideLegend
          skipAnimation
          localeText={chartLocaleText}
        />
      </ChartFigure>
      <ChartFigure title="遅れている受講生（週末時点、名）">
        <LineChart
          height={HEIGHT}
          margin={margin}
          xAxis={xAxis('point')}
          yAxis={[{ min: 0, tickMinStep: 1, width: 36 }]}
          series={[{ data: rows.behind, label: '遅れている受講生', color: colours.error, curve: 'monotoneX' }]}
          hideLegend
          skipAnimation
          localeText={chartLocaleText}
        />
      </ChartFigure>
      <TrendTable rows={rows} />
    </Box>
  );
}

const hours = (value: number | null) => (value === null ? 'レビューなし' : `${value}時間`);

// The same figures as a table for screen readers, hidden through a 1 px box: a table is never
// narrower than its content, so a table hidden by itself would still widen a phone's page.
function TrendTable({ rows }: { rows: TrendRows }) {
  return (
    <Box
      sx={{
        position: 'absolute',
        width: '1px',
        height: '1px',
        m: '-1px',
        p: 0,
        border: 0,
        overflow: 'hidden',
        clip: 'rect(0 0 0 0)',
        whiteSpace: 'nowrap',
      }}
    >
      <table data-testid="trend-table">
        <caption>週ごとの推移</caption>
        <thead>
          <tr>
            <th scope="col">週</th>
            <th scope="col">提出</th>
            <th scope="col">レビュー</th>
            <th scope="col">レビュー待ち時間の中央値</th>
            <th scope="col">遅れている受講生</th>
          </tr>
        </thead>
        <tbody>
          {rows.weeks.map((week, i) => (
            <tr key={week}>
              <th scope="row">{week}</th>
              <td>{rows.submissions[i]}</td>
              <td>{rows.reviews[i]}</td>
              <td>{hours(rows.medianWait[i] ?? null)}</td>
              <td>{rows.behind[i]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Box>
  );
}
