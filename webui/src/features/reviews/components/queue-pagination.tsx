import Pagination from '@mui/material/Pagination';
import { AppTheme } from '../../../components/app-theme';

export interface QueuePaginationProps {
  count: number;
  page: number;
  onChange: (page: number) => void;
}

// The queue's page links (MUI, with its theme), loaded only when the queue has more than one page.
export default function QueuePagination({ count, page, onChange }: QueuePaginationProps) {
  return (
    <AppTheme>
      <Pagination
        sx={{ mt: 2, display: 'flex', justifyContent: 'center' }}
        count={count}
        page={page}
        onChange={(_, next) => onChange(next)}
      />
    </AppTheme>
  );
}
