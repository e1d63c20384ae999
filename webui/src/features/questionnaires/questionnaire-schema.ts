// The form's zod schema, built from the definition: every shown field checked by the same
// rules as the daemon (definition.ts), each message placed on its field.
import * as z from 'zod/mini';
import { validateAnswers } from './definition';
import type { Answers, QuestionnaireDefinition } from './types';

export function answersSchema(definition: QuestionnaireDefinition) {
  return z.record(z.string(), z.union([z.string(), z.array(z.string())])).check(
    z.superRefine((answers: Answers, ctx) => {
      for (const [key, message] of Object.entries(validateAnswers(definition, answers)))
        ctx.issues.push({ code: 'custom', message, path: [key], input: answers[key] });
    }),
  );
}
