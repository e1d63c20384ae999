import { api, unwrap } from '../../../lib/api-client';
import { fileNameOf } from '../../../lib/download';
import type { QuestionnaireKind } from '../kinds';

export type ExportFormat = 'csv' | 'xlsx';

export interface ExportQuery {
  format: ExportFormat;
  from?: string;
  to?: string;
  reason: string;
}

// Admin: the answers of one kind as a CSV or XLSX file (fetched with the bearer token, then
// saved by the browser); the daemon writes an audit row with the reason.
export async function exportAnswers(
  kind: QuestionnaireKind,
  query: ExportQuery,
): Promise<{ blob: Blob; name: string }> {
  let disposition: string | null = null;
  const blob = await unwrap(
    api
      .GET('/api/v1/questionnaires/{kind}/export', {
        params: { path: { kind }, query: { ...query, from: query.from || undefined, to: query.to || undefined } },
        parseAs: 'blob',
      })
      .then((answer) => {
        disposition = answer.response.headers.get('Content-Disposition');
        return answer;
      }),
  );
  return { blob: blob as Blob, name: fileNameOf(disposition, `questionnaire-${kind}.${query.format}`) };
}
