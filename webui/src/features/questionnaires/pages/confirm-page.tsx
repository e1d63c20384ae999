import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { AppTheme } from '../../../components/app-theme';
import { PageHeading } from '../../../components/page-heading';
import { NotFoundPage } from '../../../components/route-error-page';
import { withLoading } from '../../../lib/feedback';
import { useStore } from '../../../lib/store';
import { submitAnswer } from '../api/submit-answer';
import { validateAnswer } from '../api/validate-answer';
import { AdminAnswerView } from '../components/admin-answer-view';
import { AnswerSummary } from '../components/answer-summary';
import { answersOf, payloadOf, validateAnswers } from '../definition';
import { kindTitles } from '../kind-titles';
import { questionnairePaths, type QuestionnaireKind } from '../kinds';
import type { QuestionnaireDraft } from '../questionnaire-draft';
import { handleSubmissionError } from '../submission-errors';
import type { Answers, QuestionnaireDefinition } from '../types';
import { useQuestionnaireRoute } from '../use-questionnaire-route';
import { useStudentQuestionnaire } from '../use-student-questionnaire';

// /subsidy/questionnaire/{kind}-questionnaire/:user_id?/confirm — the student reviews the
// answer as the daemon normalized it (POST …/validation), then sends it; an admin with an id
// reads that student's answer.
export function Component() {
  const route = useQuestionnaireRoute();
  const { kind, me, accountId } = route;
  const questionnaire = useStudentQuestionnaire(kind, me.id, !route.adminView && !route.foreign);

  if (route.foreign) return <NotFoundPage />;
  if (route.adminView && accountId === null) return <Navigate to={`/subsidy/questionnaires?kind=${kind}`} replace />;
  if (route.adminView && accountId !== null)
    return (
      <AppTheme>
        <PageHeading title={kindTitles[kind]} />
        <AdminAnswerView kind={kind} accountId={accountId} />
      </AppTheme>
    );
  if (questionnaire.state === 'answered') return <Navigate to={questionnairePaths.conflict(kind)} replace />;
  if (questionnaire.state === 'not_due') return <Navigate to={questionnairePaths.form(kind)} replace />;
  if (questionnaire.state === 'loading') return <LinearProgress aria-label="読み込み中" />;
  return <Review kind={kind} definition={questionnaire.definition} draft={questionnaire.draft} />;
}

interface ReviewProps {
  kind: QuestionnaireKind;
  definition: QuestionnaireDefinition;
  draft: QuestionnaireDraft;
}

function Review({ kind, definition, draft }: ReviewProps) {
  const answers = useStore(draft.store);
  const navigate = useNavigate();
  const [checked, setChecked] = useState<Answers | null>(null);
  const [sent, setSent] = useState(false);
  const incomplete = Object.keys(validateAnswers(definition, answers)).length > 0;

  useEffect(() => {
    if (incomplete) return;
    let live = true;
    validateAnswer(kind, payloadOf(definition, answers)).then(
      (result) => {
        if (!live) return;
        // Keys the daemon does not know were dropped there; never expected from this form.
        if (result.ignored_fields.length) console.warn('questionnaire: ignored fields', result.ignored_fields);
        setChecked(answersOf(definition, result.answer));
      },
      (error: unknown) => live && handleSubmissionError(error, kind, navigate),
    );
    return () => {
      live = false;
    };
  }, [kind, definition, answers, incomplete, navigate]);

  if (sent) return <LinearProgress aria-label="送信中" />;
  if (incomplete) return <Navigate to={questionnairePaths.form(kind)} replace />;
  if (!checked) return <LinearProgress aria-label="読み込み中" />;

  const submit = async () => {
    try {
      await withLoading(() => submitAnswer(kind, payloadOf(definition, answers)));
      // Progress until the complete page shows, which refetches the questionnaires' state.
      setSent(true);
      draft.clear();
      navigate(questionnairePaths.complete(kind), { replace: true });
    } catch (error) {
      handleSubmissionError(error, kind, navigate);
    }
  };

  return (
    <AppTheme>
      <PageHeading title={`${definition.title}（確認）`} />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
        以下の内容で回答します。送信後は変更できません。
      </Typography>
      <AnswerSummary definition={definition} answers={checked} />
      <Stack direction="row" spacing={2} sx={{ mt: 3, justifyContent: 'flex-end' }}>
        <Button onClick={() => navigate(questionnairePaths.form(kind))}>修正する</Button>
        <Button variant="contained" onClick={() => void submit()}>
          回答を送信する
        </Button>
      </Stack>
    </AppTheme>
  );
}
