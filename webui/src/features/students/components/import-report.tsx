import Alert from '@mui/material/Alert';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { DataTable } from '../../../components/data-table';
import type { ImportReport } from '../../../lib/api-types';
import { actionLabels, changesText, encodingLabels } from '../import-labels';

// The dry-run table: the summary, the rows with errors (by line), the rows that would change.
export function ImportReportView({ report }: { report: ImportReport }) {
  const { summary } = report;
  return (
    <div data-testid="import-report">
      <Typography sx={{ mb: 1 }}>
        {`${summary.rows}行(${encodingLabels[report.encoding]}): 新規 ${summary.create}・更新 ${summary.update}・変更なし ${summary.unchanged}・エラー ${summary.invalid}`}
      </Typography>
      {report.errors.length > 0 && (
        <>
          <Alert severity="error" sx={{ mb: 1 }}>
            取り込めない行があります。CSVを直してもう一度選んでください(何も変更されていません)。
          </Alert>
          <DataTable style={{ maxHeight: 320, marginBottom: 16 }}>
            <Table size="small" stickyHeader data-testid="import-errors">
              <TableHead>
                <TableRow>
                  <TableCell>行</TableCell>
                  <TableCell>項目</TableCell>
                  <TableCell>エラー</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {report.errors.map((e, index) => (
                  <TableRow key={index}>
                    <TableCell data-label="行">{e.line}</TableCell>
                    <TableCell data-label="項目" className="data-table__nowrap">
                      {e.column}
                    </TableCell>
                    <TableCell data-label="エラー">{e.message}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </DataTable>
        </>
      )}
      {report.rows.length > 0 && (
        <DataTable style={{ maxHeight: 480 }}>
          <Table size="small" stickyHeader data-testid="import-rows">
            <TableHead>
              <TableRow>
                <TableCell>行</TableCell>
                <TableCell>メールアドレス</TableCell>
                <TableCell>氏名</TableCell>
                <TableCell>処理</TableCell>
                <TableCell>変更</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {report.rows.map((row) => (
                <TableRow key={row.line}>
                  <TableCell data-label="行">{row.line}</TableCell>
                  <TableCell data-label="メールアドレス">{row.email}</TableCell>
                  <TableCell data-label="氏名" className="data-table__nowrap">
                    {row.name}
                  </TableCell>
                  <TableCell data-label="処理" className="data-table__nowrap">
                    {actionLabels[row.action]}
                  </TableCell>
                  <TableCell data-label="変更">{changesText(row.changes)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </DataTable>
      )}
    </div>
  );
}
