import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { Bar } from '../figures';
import { chartLocaleText, useToneColours } from './chart-parts';

const BAR_HEIGHT = 30;

// A small horizontal bar chart (MUI X Charts, the theme's colours): one bar per item, a click
// opens its list; below, the same items as links with their counts (keyboard, screen readers).
export function CountBars({ bars, label, unit = '件' }: { bars: Bar[]; label: string; unit?: string }) {
  const colours = useToneColours();
  const navigate = useNavigate();
  const ticks = bars.map((b) => b.tick);
  return (
    <Box data-testid="count-bars">
      <BarChart
        aria-label={label}
        layout="horizontal"
        height={bars.length * BAR_HEIGHT + 32}
        margin={{ top: 4, right: 16, bottom: 0, left: 4 }}
        yAxis={[
          {
            scaleType: 'band',
            data: ticks,
            width: 72,
            colorMap: { type: 'ordinal', values: ticks, colors: bars.map((b) => colours[b.tone]) },
          },
        ]}
        xAxis={[{ min: 0, tickMinStep: 1, height: 24 }]}
        series={[
          {
            data: bars.map((b) => b.count),
            valueFormatter: (v) => `${v ?? 0}${unit}`,
            barLabel: 'value',
            barLabelPlacement: 'outside',
          },
        ]}
        hideLegend
        skipAnimation
        localeText={chartLocaleText}
        onItemClick={(_, item) => {
          const link = bars[item.dataIndex]?.link;
          if (link) void navigate(link);
        }}
      />
      <Box
        component="ul"
        aria-label={label}
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5 }}
      >
        {bars.map((bar) => (
          <Typography key={bar.key} component="li" variant="body2">
            {bar.link ? (
              <Link component={RouterLink} to={bar.link}>
                {bar.label}
              </Link>
            ) : (
              bar.label
            )}{' '}
            <Box component="span" sx={{ color: 'text.secondary' }}>
              {bar.count}
              {unit}
            </Box>
          </Typography>
        ))}
      </Box>
    </Box>
  );
}
