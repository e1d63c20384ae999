import Typography from '@mui/material/Typography';
import { Link } from 'react-router';

export interface Bar {
  key: string;
  label: string;
  count: number;
  link?: string | null;
  tone?: 'primary' | 'error' | 'info';
}

const colours = { primary: '#c2410c', error: '#c62828', info: '#1565c0' };

// A small horizontal bar chart (CSS bars, no chart library): one row per item, the bar's length
// relative to the largest count, the label a link to the filtered list.
export function BarList({ bars, label }: { bars: Bar[]; label: string }) {
  const max = Math.max(1, ...bars.map((b) => b.count));
  return (
    <ul aria-label={label} data-testid="bar-list" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {bars.map((bar) => (
        <li
          key={bar.key}
          style={{
            display: 'grid',
            gridTemplateColumns: 'minmax(96px, 40%) 1fr 3em',
            gap: 8,
            alignItems: 'center',
            margin: '6px 0',
          }}
        >
          <Typography variant="body2" component="span" sx={{ overflowWrap: 'anywhere' }}>
            {bar.link ? <Link to={bar.link}>{bar.label}</Link> : bar.label}
          </Typography>
          <span aria-hidden="true" style={{ background: '#f3f4f6', borderRadius: 3, height: 12 }}>
            <span
              style={{
                display: 'block',
                height: '100%',
                borderRadius: 3,
                width: `${(bar.count / max) * 100}%`,
                background: colours[bar.tone ?? 'primary'],
              }}
            />
          </span>
          <Typography variant="body2" component="span" sx={{ textAlign: 'right' }}>
            {bar.count}
          </Typography>
        </li>
      ))}
    </ul>
  );
}
