import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useLoaderData, useNavigate } from 'react-router';
import { AppTheme } from '../../../components/app-theme';
import { PageHeading } from '../../../components/page-heading';
import type { Account } from '../../../lib/api-types';
import { showSnackbar } from '../../../lib/feedback';
import { messages } from '../../../lib/messages';
import { homePath } from '../../../lib/roles';
import { TwoFactorEnrolment } from '../components/two-factor-enrolment';
import { meQueryOptions } from '../api/get-me';

// /two-factor/setup: where a role that requires two-factor login is sent until it has enrolled
// (app/access.ts). Enrolling leads on to the account's home page.
export function Component() {
  const account = useLoaderData<Account>();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const done = async () => {
    // Read again now: the guards take the cached account, which still says "not enrolled".
    await queryClient.fetchQuery({ ...meQueryOptions(), staleTime: 0 });
    showSnackbar(messages.two_factor_enabled);
    await navigate(homePath(account.role), { replace: true });
  };
  return (
    <AppTheme>
      <Paper component="article" variant="outlined" sx={{ maxWidth: 760, mx: 'auto', p: { xs: 2, sm: 4 } }}>
        <PageHeading title="二段階認証の設定" />
        <Typography component="p" sx={{ mb: 2 }}>
          {messages.two_factor_enrolment_required}
        </Typography>
        <TwoFactorEnrolment onDone={() => void done()} />
      </Paper>
    </AppTheme>
  );
}
