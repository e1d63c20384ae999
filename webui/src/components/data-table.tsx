import type { CSSProperties, ReactNode } from 'react';
import './data-table.css';

export interface DataTableProps {
  children: ReactNode;
  /** The table's own stylesheet class (for its column folds). */
  className?: string;
  style?: CSSProperties;
}

// The box of every data table (data-table.css): its width decides how the table lays out, and
// below 600 px each row is a card. Give each <td> a data-label (its column's name). The table
// inside is MUI's <Table> or, on pages that paint without MUI, a <table className="plain-table">.
export function DataTable({ children, className, style }: DataTableProps) {
  return (
    <div className={className ? `data-table ${className}` : 'data-table'} style={style}>
      {children}
    </div>
  );
}
