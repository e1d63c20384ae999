import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { DataTable } from '../../../components/data-table';
import { errorStatus } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/dates';
import { displayName } from '../../../lib/display-name';
import { downloadBlob } from '../../../lib/download';
import { showErrorPage, withLoading } from '../../../lib/feedback';
import { getParticipantsCsv, useParticipants, type EventParticipant } from '../api/get-participants';
import type { EventItem } from '../types';

function Rows({ rows, label }: { rows: EventParticipant[]; label: string }) {
  return (
    <>
      <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
        {label}({rows.length}名)
      </Typography>
      {rows.length === 0 ? (
        <Typography color="text.secondary">いません</Typography>
      ) : (
        <DataTable>
          <Table size="small" aria-label={label}>
            <TableHead>
              <TableRow>
                <TableCell>順</TableCell>
                <TableCell>ニックネーム</TableCell>
                <TableCell>メールアドレス</TableCell>
                <TableCell>申込日時</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((p) => (
                <TableRow key={p.account.id}>
                  <TableCell data-label="順">{p.position}</TableCell>
                  <TableCell data-label="ニックネーム" className="data-table__nowrap">
                    {displayName(p.account)}
                  </TableCell>
                  <TableCell data-label="メールアドレス">{p.account.email}</TableCell>
                  <TableCell data-label="申込日時" className="data-table__nowrap">
                    {formatDateTime(p.joined_at)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </DataTable>
      )}
    </>
  );
}

// 参加者 (admins, from an event's card): who is in and who waits, in arrival order, and the
// same as a CSV for attendance.
export function ParticipantsDialog({ event, onClose }: { event: EventItem; onClose: () => void }) {
  const participants = useParticipants(event.id);
  const rows = participants.data ?? [];
  const download = async () => {
    try {
      const file = await withLoading(() => getParticipantsCsv(event.id));
      downloadBlob(file.blob, file.name);
    } catch (error) {
      showErrorPage(errorStatus(error));
    }
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="participants-title" fullWidth maxWidth="md">
      <DialogTitle id="participants-title">参加者: {event.title}</DialogTitle>
      <DialogContent>
        {participants.error ? (
          <Typography color="error">参加者を読み込めませんでした</Typography>
        ) : participants.data ? (
          <>
            <Rows rows={rows.filter((p) => p.status === 'participant')} label="参加者" />
            <Rows rows={rows.filter((p) => p.status === 'waitlisted')} label="キャンセル待ち" />
          </>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => void download()}>CSVをダウンロード</Button>
        <Button onClick={onClose}>とじる</Button>
      </DialogActions>
    </Dialog>
  );
}
