import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link } from 'react-router';
import { AppTheme } from '../../../components/app-theme';
import { PageHeading } from '../../../components/page-heading';
import { errorStatus } from '../../../lib/api-client';
import { downloadBlob } from '../../../lib/download';
import { showErrorPage, showSnackbar, withLoading } from '../../../lib/feedback';
import { messages } from '../../../lib/messages';
import type { ImportReport } from '../../../lib/api-types';
import { useCreateStudentImport } from '../api/create-student-import';
import { getImportTemplate, IMPORT_TEMPLATE_NAME } from '../api/get-import-template';
import { ImportReportView } from '../components/import-report';
import { IMPORT_MAX_BYTES } from '../import-labels';

// /students/import (admins): choose a CSV → the dry run's table → 取り込む applies it, all or
// nothing. The columns are those of `camp students import` (docs/students.md).
export function Component() {
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState('');
  const [report, setReport] = useState<ImportReport | null>(null);
  const run = useCreateStudentImport();

  const send = async (dryRun: boolean) => {
    if (!file) return setProblem(messages.students_import_file_required);
    try {
      const answer = await withLoading(() => run.mutateAsync({ file, dryRun }));
      setReport(answer);
      if (answer.applied) showSnackbar(messages.students_import_applied);
    } catch (error) {
      showErrorPage(errorStatus(error));
    }
  };
  const choose = (chosen: File | null) => {
    setReport(null);
    setFile(null);
    if (!chosen) return setProblem(messages.students_import_file_required);
    if (chosen.size > IMPORT_MAX_BYTES) return setProblem(messages.students_import_too_large);
    setProblem('');
    setFile(chosen);
  };
  const downloadTemplate = async () => {
    try {
      downloadBlob(await withLoading(getImportTemplate), IMPORT_TEMPLATE_NAME);
    } catch (error) {
      showErrorPage(errorStatus(error));
    }
  };
  const canApply =
    report && report.dry_run && report.errors.length === 0 && report.summary.create + report.summary.update > 0;
  return (
    <AppTheme>
      <Typography variant="body2">
        <Link to="/students">← 受講生一覧</Link>
      </Typography>
      <PageHeading title="受講生の取り込み" />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        列: メールアドレス・氏名・コース・開始日・ステータス・担当メンター(英語の見出し
        email・name・course・start_date・status・mentor_email も読めます)。UTF-8 と Shift_JIS
        のファイルを読めます。新しい受講生には招待メールが届きます。
      </Typography>
      <Button variant="text" onClick={() => void downloadTemplate()} sx={{ mb: 2 }}>
        CSVのひな形をダウンロード
      </Button>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <Button variant="outlined" component="label">
          CSVファイルを選ぶ
          <input
            hidden
            type="file"
            accept=".csv,text/csv"
            data-testid="import-file"
            onChange={(e) => choose(e.target.files?.[0] ?? null)}
          />
        </Button>
        <Typography variant="body2">{file?.name ?? '選ばれていません'}</Typography>
        <Button variant="contained" onClick={() => void send(true)} disabled={run.isPending}>
          確認する
        </Button>
      </Stack>
      {problem && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {problem}
        </Alert>
      )}
      {report?.applied && (
        <Alert severity="success" sx={{ mb: 2 }}>
          {messages.students_import_applied}
        </Alert>
      )}
      {report && <ImportReportView report={report} />}
      {canApply && (
        <Button
          variant="contained"
          color="primary"
          sx={{ mt: 2 }}
          onClick={() => void send(false)}
          disabled={run.isPending}
        >
          取り込む
        </Button>
      )}
    </AppTheme>
  );
}
