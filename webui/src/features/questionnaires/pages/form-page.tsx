import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { AppTheme } from '../../../components/app-theme';
import { NotFoundPage } from '../../../components/route-error-page';
import { PageHeading } from '../../../components/page-heading';
import { AdminAnswerView } from '../components/admin-answer-view';
import { NotDue } from '../components/not-due';
import { QuestionnaireForm } from '../components/questionnaire-form';
import { questionnairePaths } from '../kinds';
import { kindTitles } from '../kind-titles';
import { useQuestionnaireRoute } from '../use-questionnaire-route';
import { useStudentQuestionnaire } from '../use-student-questionnaire';

export interface FormPageState {
  /** The daemon's 422 `fields`, brought back from the confirm page. */
  fieldErrors?: Record<string, string[]>;
}

// /subsidy/questionnaire/{kind}-questionnaire/:id? — the student's form (the id, when given,
// is their own); an admin with an id reads that student's answer; without one, the admin screen.
export function Component() {
  const route = useQuestionnaireRoute();
  const { kind, me, accountId } = route;
  const questionnaire = useStudentQuestionnaire(kind, me.id, !route.adminView && !route.foreign);
  const navigate = useNavigate();
  const state = (useLocation().state ?? {}) as FormPageState;

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
  if (questionnaire.state === 'not_due') return <NotDue kind={kind} />;
  if (questionnaire.state === 'loading') return <LinearProgress aria-label="読み込み中" />;
  const { definition, draft } = questionnaire;
  return (
    <AppTheme>
      <PageHeading title={definition.title} />
      {definition.description && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
          {definition.description}
        </Typography>
      )}
      <QuestionnaireForm
        definition={definition}
        draft={draft}
        serverErrors={state.fieldErrors}
        onConfirm={() => navigate(questionnairePaths.confirm(kind))}
      />
    </AppTheme>
  );
}
