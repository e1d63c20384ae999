// Every TanStack Query key of the questionnaires feature, in one place.
import type { QuestionnaireKind } from './kinds';

export const questionnaireKeys = {
  all: ['questionnaires'] as const,
  list: () => [...questionnaireKeys.all, 'list'] as const,
  definition: (kind: QuestionnaireKind) => [...questionnaireKeys.all, 'definition', kind] as const,
  status: (kind: QuestionnaireKind, state: string, q: string, page: number) =>
    [...questionnaireKeys.all, 'status', kind, state, q, page] as const,
};
