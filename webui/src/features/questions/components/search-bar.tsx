import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useCategories } from '../api/get-categories';
import type { QuestionSearch } from '../search-state';
import type { StatusFilter } from '../types';

export interface SearchBarProps {
  search: QuestionSearch;
  onSearch: (next: QuestionSearch) => void;
}

// Keywords, category and status; submitting writes them into the URL (page back to 1). 未回答
// (no answer yet) is the daemon's `unanswered`, a narrower 未解決.
export function SearchBar({ search, onSearch }: SearchBarProps) {
  const categories = useCategories();
  const [keywords, setKeywords] = useState(search.keywords);
  const [categoryId, setCategoryId] = useState(search.categoryId === null ? '' : String(search.categoryId));
  const [status, setStatus] = useState<StatusFilter | 'unanswered'>(search.unanswered ? 'unanswered' : search.status);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const id = categoryId ? Number(categoryId) : null;
    const name = id === null ? '' : (categories.data?.find((c) => c.id === id)?.name ?? search.categoryName);
    const unanswered = status === 'unanswered';
    onSearch({
      keywords: keywords.trim(),
      categoryId: id,
      categoryName: name,
      status: unanswered ? 'all' : status,
      unanswered,
      page: 1,
    });
  };

  return (
    <form role="search" onSubmit={submit}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
        <TextField
          label="キーワード"
          type="search"
          size="small"
          value={keywords}
          onChange={(e) => setKeywords(e.target.value)}
          sx={{ flex: 2 }}
        />
        <TextField
          select
          label="カテゴリー"
          size="small"
          value={categoryId}
          onChange={(e) => setCategoryId(e.target.value)}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          sx={{ flex: 2 }}
        >
          <option value="">すべてのカテゴリー</option>
          {search.categoryId !== null && !categories.data && (
            <option value={String(search.categoryId)}>{search.categoryName}</option>
          )}
          {(categories.data ?? []).map((c) => (
            <option key={c.id} value={String(c.id)}>
              {c.name}
            </option>
          ))}
        </TextField>
        <TextField
          select
          label="ステータス"
          size="small"
          value={status}
          onChange={(e) => setStatus(e.target.value as StatusFilter | 'unanswered')}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          sx={{ flex: 1 }}
        >
          <option value="all">すべて</option>
          <option value="unsolved">未解決</option>
          <option value="unanswered">未回答</option>
          <option value="solved">解決済み</option>
        </TextField>
        <Button type="submit" variant="outlined">
          検索
        </Button>
      </Stack>
    </form>
  );
}
