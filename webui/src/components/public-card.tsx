import Paper from '@mui/material/Paper';
import type { ReactNode } from 'react';
import { AppTheme } from './app-theme';
import { PageHeading } from './page-heading';

// The card of a public page in the new-auth layout (password reset, invitations).
export function PublicCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <AppTheme>
      <Paper component="section" variant="outlined" sx={{ maxWidth: 480, mx: 'auto', p: { xs: 2, sm: 4 } }}>
        <PageHeading title={title} />
        {children}
      </Paper>
    </AppTheme>
  );
}
