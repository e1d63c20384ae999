import { useParams, useRouteLoaderData } from 'react-router';
import type { Account } from '../../lib/api-types';
import { kindOfSegment, type QuestionnaireKind } from './kinds';

export interface QuestionnaireRoute {
  kind: QuestionnaireKind;
  me: Account;
  /** The account id in the path (`:id` / `:user_id`), when given. */
  accountId: number | null;
  /** An admin reading one student's answer, rather than a student answering. */
  adminView: boolean;
  /** A student or graduate naming someone else's id: that page does not exist for them. */
  foreign: boolean;
}

// The kind, the caller and the account id of a questionnaire route (the loader has checked the
// segments: an unknown kind or a malformed id is a 404 before this runs).
export function useQuestionnaireRoute(): QuestionnaireRoute {
  const params = useParams();
  const me = useRouteLoaderData('frame') as Account;
  const kind = kindOfSegment(params.questionnaire) as QuestionnaireKind;
  const raw = params.id ?? params.user_id;
  const accountId = raw === undefined ? null : Number(raw);
  const adminView = me.role === 'admin';
  return { kind, me, accountId, adminView, foreign: !adminView && accountId !== null && accountId !== me.id };
}
