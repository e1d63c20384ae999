import type { SxProps, Theme } from '@mui/material/styles';
import TableContainer from '@mui/material/TableContainer';
import type { ReactNode } from 'react';
import './data-table.css';

export interface DataTableProps {
  children: ReactNode;
  /** The table's own stylesheet class (for its column folds). */
  className?: string;
  sx?: SxProps<Theme>;
}

// The box of every data table (data-table.css): its width decides how the table lays out, and
// below 600 px each row is a card. Give each <td> a data-label (its column's name).
export function DataTable({ children, className, sx }: DataTableProps) {
  return (
    <TableContainer className={className ? `data-table ${className}` : 'data-table'} sx={sx}>
      {children}
    </TableContainer>
  );
}
