import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router';
import { AppTheme } from './app-theme';
import type { ErrorEntry } from './error-catalogue';
import { PageTitle } from './page-title';

// react-router keeps the history index in history.state.idx: 0 means nothing to go back to.
export function hasPreviousScreen(): boolean {
  const state = window.history.state as { idx?: number } | null;
  return typeof state?.idx === 'number' && state.idx > 0;
}

export default function ErrorCard({ entry }: { entry: ErrorEntry }) {
  const navigate = useNavigate();
  const back = () => (hasPreviousScreen() ? navigate(-1) : navigate('/'));
  return (
    <AppTheme>
      <Card component="section" variant="outlined" sx={{ maxWidth: 560, mx: 'auto', my: 6 }} data-testid="error-card">
        <PageTitle title={entry.status ? `${entry.status} ${entry.title}` : entry.title} />
        <CardContent>
          {entry.status !== null && (
            <Typography component="p" variant="h2" color="primary" sx={{ fontWeight: 700 }} data-testid="error-status">
              {entry.status}
            </Typography>
          )}
          {entry.caption && (
            <Typography component="p" variant="body2" color="text.secondary" gutterBottom data-testid="error-caption">
              {entry.caption}
            </Typography>
          )}
          <Typography component="h1" variant="h5" gutterBottom>
            {entry.title}
          </Typography>
          <Typography component="p" variant="subtitle1" data-testid="error-message">
            {entry.message}
          </Typography>
          <Typography component="p" variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {entry.detail}
          </Typography>
        </CardContent>
        <CardActions sx={{ px: 2, pb: 2 }}>
          <Button variant="contained" onClick={back}>
            前の画面に戻る
          </Button>
        </CardActions>
      </Card>
    </AppTheme>
  );
}
