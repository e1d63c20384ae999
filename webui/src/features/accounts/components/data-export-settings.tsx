import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import DialogContent from '@mui/material/DialogContent';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError, errorStatus } from '../../../lib/api-client';
import type { DataExport } from '../../../lib/api-types';
import { formatDateTime } from '../../../lib/dates';
import { downloadBlob } from '../../../lib/download';
import { showErrorPage, showSnackbar, withLoading } from '../../../lib/feedback';
import { limits, messages } from '../../../lib/messages';
import { dataExportsQueryKey, downloadDataExport, requestDataExport, useDataExports } from '../api/data-exports';

const STATUS: Record<DataExport['status'], { label: string; color: 'default' | 'success' | 'warning' | 'error' }> = {
  pending: { label: messages.data_export_status_pending, color: 'warning' },
  ready: { label: messages.data_export_status_ready, color: 'success' },
  expired: { label: messages.data_export_status_expired, color: 'default' },
  failed: { label: messages.data_export_status_failed, color: 'error' },
};

const INTERVAL_MS = limits.data_export_interval_hours_min * 3_600_000;

/** When the daemon takes the next request: an interval after the newest one that did not fail
 * (failed ones do not count, as on the daemon); null when that time has passed. */
export function nextRequestAt(rows: DataExport[], now: number): string | null {
  const last = Math.max(...rows.filter((r) => r.status !== 'failed').map((r) => Date.parse(r.requested_at)));
  return Number.isFinite(last) && last + INTERVAL_MS > now ? new Date(last + INTERVAL_MS).toISOString() : null;
}

// データのダウンロード tab of the settings: ask for a ZIP of everything the school holds about
// the account (built in the background; the list is polled meanwhile), then download it until
// its expiry, shown in school time.
export function DataExportSettings() {
  const exports = useDataExports();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    if (exports.error) showErrorPage(errorStatus(exports.error));
  }, [exports.error]);
  if (exports.error) return null;
  if (!exports.data) return <LinearProgress aria-label="読み込み中" />;
  const rows = exports.data.data;
  const next = nextRequestAt(rows, Date.now());

  const request = async () => {
    setFailure(null);
    try {
      await withLoading(requestDataExport);
      showSnackbar(messages.data_export_requested);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 429) return showErrorPage(errorStatus(error));
      setFailure(error.message);
    }
    void queryClient.invalidateQueries({ queryKey: dataExportsQueryKey });
  };
  const download = async (id: number) => {
    setFailure(null);
    try {
      const file = await withLoading(() => downloadDataExport(id));
      downloadBlob(file.blob, file.name);
    } catch (error) {
      if (!(error instanceof ApiError) || ![404, 409].includes(error.status)) return showErrorPage(errorStatus(error));
      setFailure(error.message);
      void queryClient.invalidateQueries({ queryKey: dataExportsQueryKey });
    }
  };

  return (
    <DialogContent dividers data-testid="data-export-settings">
      <Stack spacing={2}>
        <Typography variant="body2">
          スクールが保有するあなたのデータ（プロフィール、提出とレビュー、質問と回答、イベント、お知らせ、アンケートの回答、ログインの記録）をZIPファイルでダウンロードできます。準備ができたらお知らせとメールでお知らせします。ダウンロードできるのは準備ができてから
          {limits.data_export_keep_days_max}日間、申請は{limits.data_export_interval_hours_min}時間に1回までです。
        </Typography>
        {failure && <Alert severity="warning">{failure}</Alert>}
        <Box>
          <Button variant="contained" disabled={next !== null} onClick={() => void request()}>
            データのダウンロードを申請する
          </Button>
          {next && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="data-export-next">
              次に申請できるのは{formatDateTime(next)}以降です
            </Typography>
          )}
        </Box>
        {rows.length > 0 && (
          <List disablePadding aria-label="申請の履歴">
            {rows.map((row) => (
              <ListItem
                key={row.id}
                divider
                disableGutters
                sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
                data-testid="data-export-row"
              >
                <Chip size="small" label={STATUS[row.status].label} color={STATUS[row.status].color} />
                <Typography variant="body2" sx={{ flexGrow: 1, minWidth: 0 }}>
                  申請 {formatDateTime(row.requested_at)}
                  {row.status === 'ready' &&
                    row.expires_at &&
                    ` ・ ${formatDateTime(row.expires_at)}までダウンロードできます`}
                </Typography>
                {row.status === 'ready' && (
                  <Button size="small" variant="outlined" onClick={() => void download(row.id)}>
                    ダウンロード
                  </Button>
                )}
              </ListItem>
            ))}
          </List>
        )}
      </Stack>
    </DialogContent>
  );
}
