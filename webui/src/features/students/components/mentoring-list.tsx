import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { errorStatus } from '../../../lib/api-client';
import type { Account } from '../../../lib/api-types';
import { formatDateTime } from '../../../lib/dates';
import { displayName } from '../../../lib/display-name';
import { askConfirmation, showErrorPage, showSnackbar, withLoading } from '../../../lib/feedback';
import { messages } from '../../../lib/messages';
import { isAdmin } from '../../../lib/roles';
import { useDeleteMentoring } from '../api/delete-mentoring';
import { useMentorings } from '../api/get-mentorings';
import { MentoringForm } from './mentoring-form';

// The records, newest first (the daemon's order, at most 500); the author and admins may edit
// one in place or delete it.
export function MentoringList({ studentId, me }: { studentId: number; me: Pick<Account, 'id' | 'role'> }) {
  const mentorings = useMentorings(studentId);
  const remove = useDeleteMentoring(studentId);
  const [editing, setEditing] = useState<number | null>(null);
  const del = async (id: number) => {
    if (
      !(await askConfirmation({
        message: messages.students_mentoring_delete_confirm,
        confirmLabel: '削除する',
        danger: true,
      }))
    )
      return;
    try {
      await withLoading(() => remove.mutateAsync(id));
      showSnackbar(messages.students_mentoring_deleted);
    } catch (error) {
      showErrorPage(errorStatus(error));
    }
  };
  if (mentorings.error) return <Typography color="error">メンタリング記録を読み込めませんでした</Typography>;
  const list = mentorings.data?.data ?? [];
  if (mentorings.data && list.length === 0)
    return <Typography color="text.secondary">メンタリング記録はまだありません</Typography>;
  return (
    <List data-testid="mentoring-list" disablePadding>
      {list.map((m) => (
        <ListItem key={m.id} divider data-testid="mentoring-item" sx={{ display: 'block', px: 0 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
            <Typography variant="subtitle2" component="span">
              {formatDateTime(m.held_at)}
              <Typography variant="caption" color="text.secondary" component="span" sx={{ ml: 1 }}>
                {m.author ? displayName(m.author) : '—'}
              </Typography>
            </Typography>
            {(isAdmin(me.role) || m.author?.id === me.id) && editing !== m.id && (
              <Stack direction="row" spacing={1}>
                <Button size="small" onClick={() => setEditing(m.id)}>
                  編集
                </Button>
                <Button size="small" color="error" onClick={() => void del(m.id)}>
                  削除
                </Button>
              </Stack>
            )}
          </Stack>
          {editing === m.id ? (
            <MentoringForm studentId={studentId} editing={m} onDone={() => setEditing(null)} />
          ) : (
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {m.body}
            </Typography>
          )}
        </ListItem>
      ))}
    </List>
  );
}
