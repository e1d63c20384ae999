import type { NavigateFunction } from 'react-router';
import { ApiError, errorStatus } from '../../lib/api-client';
import { showErrorPage } from '../../lib/feedback';
import { questionnairePaths, type QuestionnaireKind } from './kinds';

// A refused validation or submission: answered before (409) → the conflict page; field errors
// (422) → back to the form, each message under its field; anything else → the error page.
export function handleSubmissionError(error: unknown, kind: QuestionnaireKind, navigate: NavigateFunction): void {
  if (error instanceof ApiError && error.status === 409) {
    navigate(questionnairePaths.conflict(kind), { replace: true });
    return;
  }
  if (error instanceof ApiError && error.status === 422) {
    navigate(questionnairePaths.form(kind), { state: { fieldErrors: error.fields } });
    return;
  }
  showErrorPage(errorStatus(error));
}
