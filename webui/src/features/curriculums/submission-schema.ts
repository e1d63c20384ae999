import * as z from 'zod/mini';
import { repositoryUrlProblem } from './repository-url';

// The submit form of one task: its source repository decides the third rule.
export function submissionSchema(sourceRepository: string | null) {
  return z.object({
    repositoryUrl: z.string().check(
      z.superRefine((value, ctx) => {
        const problem = repositoryUrlProblem(value, sourceRepository);
        if (problem) ctx.issues.push({ code: 'custom', message: problem, input: value });
      }),
    ),
  });
}

export type SubmissionValues = z.infer<ReturnType<typeof submissionSchema>>;

// Server field names (422 `fields`) → form fields.
export const submissionFieldMap = { repository_url: 'repositoryUrl' } as const;
