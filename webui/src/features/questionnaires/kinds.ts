// The four subsidy questionnaires (spec §2) and their web paths:
// /subsidy/questionnaire/{kind}-questionnaire/:id? (form), …/:user_id?/confirm, …/conflict and
// /subsidy/questionnaire/complete. The kind is the API's slug (`pre-curriculum`, …).
export const questionnaireKinds = ['pre-curriculum', 'post-curriculum', 'post-job-change', 'follow-up'] as const;
export type QuestionnaireKind = (typeof questionnaireKinds)[number];

const SUFFIX = '-questionnaire';

export function isQuestionnaireKind(value: string): value is QuestionnaireKind {
  return (questionnaireKinds as readonly string[]).includes(value);
}

// 'pre-curriculum-questionnaire' → 'pre-curriculum'; anything else → null.
export function kindOfSegment(segment: string | undefined): QuestionnaireKind | null {
  if (!segment?.endsWith(SUFFIX)) return null;
  const kind = segment.slice(0, -SUFFIX.length);
  return isQuestionnaireKind(kind) ? kind : null;
}

const base = (kind: QuestionnaireKind) => `/subsidy/questionnaire/${kind}${SUFFIX}`;

export const questionnairePaths = {
  form: (kind: QuestionnaireKind) => base(kind),
  confirm: (kind: QuestionnaireKind, userId?: number) =>
    userId === undefined ? `${base(kind)}/confirm` : `${base(kind)}/${userId}/confirm`,
  conflict: (kind: QuestionnaireKind) => `${base(kind)}/conflict`,
  complete: (kind?: QuestionnaireKind) =>
    kind ? `/subsidy/questionnaire/complete?kind=${kind}` : '/subsidy/questionnaire/complete',
};
