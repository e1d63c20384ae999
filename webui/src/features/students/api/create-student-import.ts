import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import type { ImportReport } from '../../../lib/api-types';
import { studentKeys } from '../query-keys';

// The CSV goes as it is (the daemon detects UTF-8, UTF-8 with BOM or Shift_JIS). Rows with
// errors answer 422 with the report: that report is the answer here, nothing was applied.
export async function createStudentImport(file: Blob, dryRun: boolean): Promise<ImportReport> {
  const answer = await api.POST('/api/v1/student_imports', {
    params: { query: { dry_run: dryRun ? 'true' : 'false' } },
    body: file as never,
    bodySerializer: (body: unknown) => body as BodyInit,
    headers: { 'Content-Type': 'text/csv' },
  });
  const report = (answer.error as { report?: ImportReport } | undefined)?.report;
  if (answer.response.status === 422 && report) return report;
  return unwrap(Promise.resolve(answer));
}

export function useCreateStudentImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, dryRun }: { file: Blob; dryRun: boolean }) => createStudentImport(file, dryRun),
    onSuccess: (report) => {
      if (report.applied) return queryClient.invalidateQueries({ queryKey: studentKeys.all });
    },
  });
}
