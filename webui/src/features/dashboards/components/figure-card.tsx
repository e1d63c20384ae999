import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface FigureCardProps {
  title: string;
  count: number;
  unit?: string;
  link?: string | null;
  alert?: boolean;
  children?: ReactNode;
}

// One figure of the dashboard: the number (a link to the filtered list) and, below, its chart.
export function FigureCard({ title, count, unit = '件', link, alert = false, children }: FigureCardProps) {
  const number = (
    <Typography
      component="span"
      sx={{ fontSize: 32, fontWeight: 700, color: alert && count > 0 ? 'error.main' : 'inherit' }}
    >
      {count}
      <Typography component="span" sx={{ fontSize: 14, ml: 0.5 }}>
        {unit}
      </Typography>
    </Typography>
  );
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={title}
      sx={{ p: 2, minWidth: 0 }}
      data-testid="figure-card"
    >
      <Typography variant="subtitle2" component="h2" color="text.secondary">
        {title}
      </Typography>
      {link ? (
        <Link to={link} aria-label={`${title} ${count}${unit}`} style={{ color: 'inherit', textDecoration: 'none' }}>
          {number}
        </Link>
      ) : (
        number
      )}
      {children}
    </Paper>
  );
}
