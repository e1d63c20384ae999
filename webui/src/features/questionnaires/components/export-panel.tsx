import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ApiError, errorStatus } from '../../../lib/api-client';
import { downloadBlob } from '../../../lib/download';
import { showErrorPage, showSnackbar, withLoading } from '../../../lib/feedback';
import { limits, messages } from '../../../lib/messages';
import { exportAnswers, type ExportFormat } from '../api/export-answers';
import type { QuestionnaireKind } from '../kinds';

const shrink = { inputLabel: { shrink: true } } as const;

// The answers of one kind as CSV (UTF-8 with BOM, for Excel) or XLSX; from/to bound the
// submission dates. Every export is audited, so the reason is required.
export function ExportPanel({ kind }: { kind: QuestionnaireKind }) {
  const [format, setFormat] = useState<ExportFormat>('csv');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const download = async () => {
    if (reason.trim() === '') return setErrors({ reason: messages.questionnaire_reason_required });
    setErrors({});
    try {
      const file = await withLoading(() => exportAnswers(kind, { format, from, to, reason: reason.trim() }));
      downloadBlob(file.blob, file.name);
      showSnackbar(messages.questionnaire_export_done);
    } catch (error) {
      if (error instanceof ApiError && error.status === 422)
        setErrors(Object.fromEntries(Object.entries(error.fields).map(([key, list]) => [key, list[0] ?? ''])));
      else showErrorPage(errorStatus(error));
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="回答の出力">
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        回答の出力
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {messages.questionnaire_export_notice}
      </Typography>
      <Stack
        component="form"
        noValidate
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        onSubmit={(event) => (event.preventDefault(), void download())}
      >
        <TextField select label="形式" value={format} onChange={(e) => setFormat(e.target.value as ExportFormat)}>
          <MenuItem value="csv">CSV</MenuItem>
          <MenuItem value="xlsx">Excel (XLSX)</MenuItem>
        </TextField>
        <TextField
          label="回答日（から）"
          type="date"
          value={from}
          onChange={(e) => setFrom(e.target.value)}
          error={Boolean(errors.from)}
          helperText={errors.from}
          slotProps={shrink}
        />
        <TextField
          label="回答日（まで）"
          type="date"
          value={to}
          onChange={(e) => setTo(e.target.value)}
          error={Boolean(errors.to)}
          helperText={errors.to}
          slotProps={shrink}
        />
        <TextField
          label="出力の理由"
          required
          sx={{ flex: 1 }}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          error={Boolean(errors.reason)}
          helperText={errors.reason}
          slotProps={{ htmlInput: { maxLength: limits.audit_reason_max }, ...shrink }}
        />
        <Button type="submit" variant="contained">
          ダウンロード
        </Button>
      </Stack>
    </Paper>
  );
}
