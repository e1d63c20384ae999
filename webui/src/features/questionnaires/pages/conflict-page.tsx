import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Link } from 'react-router';
import { AppTheme } from '../../../components/app-theme';
import { PageHeading } from '../../../components/page-heading';
import { messages } from '../../../lib/messages';
import { kindTitles } from '../kind-titles';
import { useQuestionnaireRoute } from '../use-questionnaire-route';

// /subsidy/questionnaire/{kind}-questionnaire/conflict — this kind was answered already (a
// second submission, or the form opened again); an answer cannot be changed.
export function Component() {
  const { kind } = useQuestionnaireRoute();
  return (
    <AppTheme>
      <PageHeading title={kindTitles[kind]} />
      <Stack spacing={3} data-testid="questionnaire-conflict">
        <Alert severity="info">{messages.questionnaire_already_answered}</Alert>
        <Stack direction="row">
          <Button component={Link} to="/" variant="contained">
            トップへ戻る
          </Button>
        </Stack>
      </Stack>
    </AppTheme>
  );
}
