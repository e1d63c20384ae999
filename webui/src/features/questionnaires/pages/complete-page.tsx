import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { AppTheme } from '../../../components/app-theme';
import { PageHeading } from '../../../components/page-heading';
import { messages } from '../../../lib/messages';
import { questionnaireKeys } from '../query-keys';

// /subsidy/questionnaire/complete — thanks after a submission; the answered state is refetched.
export function Component() {
  const queryClient = useQueryClient();
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: questionnaireKeys.all });
  }, [queryClient]);

  return (
    <AppTheme>
      <PageHeading title="回答完了" />
      <Stack spacing={3} data-testid="questionnaire-complete">
        <Typography>{messages.questionnaire_complete}</Typography>
        <Stack direction="row">
          <Button component={Link} to="/" variant="contained">
            トップへ戻る
          </Button>
        </Stack>
      </Stack>
    </AppTheme>
  );
}
