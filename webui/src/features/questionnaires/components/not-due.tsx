import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Link } from 'react-router';
import { AppTheme } from '../../../components/app-theme';
import { PageHeading } from '../../../components/page-heading';
import { messages } from '../../../lib/messages';
import { kindTitles } from '../kind-titles';
import type { QuestionnaireKind } from '../kinds';

// A kind the student does not owe yet (docs/questionnaires.md "Who owes what"): no form, since
// the daemon would refuse the answer and an answer cannot be changed once sent.
export function NotDue({ kind }: { kind: QuestionnaireKind }) {
  return (
    <AppTheme>
      <PageHeading title={kindTitles[kind]} />
      <Stack spacing={3} data-testid="questionnaire-not-due">
        <Alert severity="info">{messages.questionnaire_not_due}</Alert>
        <Stack direction="row">
          <Button component={Link} to="/" variant="contained">
            トップへ戻る
          </Button>
        </Stack>
      </Stack>
    </AppTheme>
  );
}
