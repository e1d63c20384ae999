import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { AppTheme } from '../../../components/app-theme';
import { PageHeading } from '../../../components/page-heading';
import { errorStatus } from '../../../lib/api-client';
import { askConfirmation, showErrorPage, showSnackbar, withLoading } from '../../../lib/feedback';
import { fill, messages } from '../../../lib/messages';
import { useStatus, type StatusState } from '../api/get-status';
import { sendReminders } from '../api/send-reminders';
import { parseAdminState, stateLabels, toAdminParams, type AdminState } from '../admin-state';
import { ExportPanel } from '../components/export-panel';
import { StatusTable } from '../components/status-table';
import { kindTitles } from '../kind-titles';
import { questionnaireKinds, type QuestionnaireKind } from '../kinds';
import { questionnaireKeys } from '../query-keys';
import { FetchingLine } from '../../../components/progress-line';

// /subsidy/questionnaires (admin): who owes which questionnaire, reminders through the mail
// outbox, the way to one student's answer, and the CSV/XLSX export.
export function Component() {
  const [params, setParams] = useSearchParams();
  const view = parseAdminState(params);
  const status = useStatus(view.kind, view.state, view.q, view.page);
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [search, setSearch] = useState(view.q);

  useEffect(() => {
    if (status.error) showErrorPage(errorStatus(status.error));
  }, [status.error]);

  const go = (change: Partial<AdminState>) => {
    setSelected(new Set());
    setParams(toAdminParams({ ...view, page: 1, ...change }));
  };
  const toggle = (id: number, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const remind = async (ids?: number[]) => {
    const message = fill(messages.questionnaire_remind_all_confirm, { title: kindTitles[view.kind] });
    if (!ids && !(await askConfirmation({ message, confirmLabel: '送信する' }))) return;
    try {
      const result = await withLoading(() => sendReminders(view.kind, ids));
      showSnackbar(fill(messages.questionnaire_reminders_queued, { queued: result.queued, skipped: result.skipped }));
      setSelected(new Set());
      await queryClient.invalidateQueries({ queryKey: questionnaireKeys.all });
    } catch (error) {
      showErrorPage(errorStatus(error));
    }
  };

  const meta = status.data?.meta;
  const pages = meta ? Math.max(1, Math.ceil(meta.total / meta.per)) : 1;
  return (
    <AppTheme>
      <PageHeading title="助成金アンケート" />
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <TextField
          select
          label="アンケート"
          value={view.kind}
          onChange={(e) => go({ kind: e.target.value as QuestionnaireKind })}
        >
          {questionnaireKinds.map((kind) => (
            <MenuItem key={kind} value={kind}>
              {kindTitles[kind]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="状態"
          value={view.state}
          onChange={(e) => go({ state: e.target.value as StatusState })}
        >
          {Object.entries(stateLabels).map(([state, label]) => (
            <MenuItem key={state} value={state}>
              {label}
            </MenuItem>
          ))}
        </TextField>
        <Stack
          component="form"
          direction="row"
          spacing={1}
          onSubmit={(e) => (e.preventDefault(), go({ q: search.trim() }))}
        >
          <TextField label="名前・メールで検索" value={search} onChange={(e) => setSearch(e.target.value)} />
          <Button type="submit">検索</Button>
        </Stack>
      </Stack>
      <Stack direction="row" spacing={2} sx={{ mb: 1, alignItems: 'center' }}>
        <Typography variant="body2" sx={{ flex: 1, whiteSpace: 'nowrap' }}>
          {meta ? `${meta.total}名` : ''}
        </Typography>
        <Button variant="outlined" disabled={selected.size === 0} onClick={() => void remind([...selected])}>
          選択した受講生にリマインド
        </Button>
        <Button variant="contained" onClick={() => void remind()}>
          未回答の全員にリマインド
        </Button>
      </Stack>
      <FetchingLine active={status.isFetching} />
      <StatusTable kind={view.kind} rows={status.data?.data ?? []} selected={selected} onToggle={toggle} />
      {pages > 1 && (
        <Pagination
          sx={{ mt: 2, display: 'flex', justifyContent: 'center' }}
          count={pages}
          page={view.page}
          onChange={(_, page) => setParams(toAdminParams({ ...view, page }))}
        />
      )}
      <Stack sx={{ mt: 4 }}>
        <ExportPanel kind={view.kind} />
      </Stack>
    </AppTheme>
  );
}
