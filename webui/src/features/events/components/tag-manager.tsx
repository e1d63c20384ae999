import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { ApiError, errorStatus } from '../../../lib/api-client';
import { askConfirmation, showErrorPage, showSnackbar, withLoading } from '../../../lib/feedback';
import { fill, messages } from '../../../lib/messages';
import { trimSpace } from '../../../lib/validation';
import { useEventTagMutations } from '../api/event-tags';
import { tagNameProblem } from '../tag-name';
import type { EventTag } from '../types';

const DEFAULT_TAG = 1;

// A refusal the admin can act on (422 on the name; 409: taken, in use, the default tag) is
// returned to be shown; anything else opens the error page.
function refusal(error: unknown): string | undefined {
  if (error instanceof ApiError && (error.status === 409 || error.status === 422))
    return error.fields.name?.[0] ?? error.message;
  showErrorPage(errorStatus(error));
  return undefined;
}

// タグを管理 (admins, from the event form): add a tag, rename one in place, delete one no event
// uses. The default tag (勉強会, id 1) can be renamed but not deleted.
export function TagManager({ tags, onClose }: { tags: EventTag[]; onClose: () => void }) {
  const { create, rename, remove } = useEventTagMutations();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string>();
  const [editing, setEditing] = useState<{ id: number; name: string } | null>(null);
  const [editError, setEditError] = useState<string>();
  const [deleteError, setDeleteError] = useState<{ id: number; message: string } | null>(null);

  // The dialog sits inside the event form in React's tree (a portal in the DOM): its submits
  // must not reach the event form's.
  const add = async (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    const problem = tagNameProblem(name);
    if (problem) return setNameError(problem);
    try {
      await withLoading(() => create.mutateAsync(trimSpace(name)));
      setName('');
      setNameError(undefined);
      showSnackbar(messages.event_tag_created);
    } catch (error) {
      setNameError(refusal(error));
    }
  };
  const save = async (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    if (!editing) return;
    const problem = tagNameProblem(editing.name);
    if (problem) return setEditError(problem);
    try {
      await withLoading(() => rename.mutateAsync({ id: editing.id, name: trimSpace(editing.name) }));
      setEditing(null);
      setEditError(undefined);
      showSnackbar(messages.event_tag_renamed);
    } catch (error) {
      setEditError(refusal(error));
    }
  };
  const del = async (tag: EventTag) => {
    const message = fill(messages.event_tag_delete_confirm, { name: tag.name });
    if (!(await askConfirmation({ message, confirmLabel: '削除する', danger: true }))) return;
    try {
      await withLoading(() => remove.mutateAsync(tag.id));
      setDeleteError(null);
      showSnackbar(messages.event_tag_deleted);
    } catch (error) {
      const message = refusal(error);
      setDeleteError(message ? { id: tag.id, message } : null);
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="tag-manager-title" fullWidth maxWidth="sm">
      <DialogTitle id="tag-manager-title">タグを管理</DialogTitle>
      <DialogContent>
        <List data-testid="tag-list" disablePadding>
          {tags.map((tag) => (
            <ListItem key={tag.id} divider data-testid="tag-item" sx={{ display: 'block', px: 0 }}>
              {editing?.id === tag.id ? (
                <Stack
                  component="form"
                  direction="row"
                  spacing={1}
                  onSubmit={save}
                  noValidate
                  aria-label="タグ名の変更"
                >
                  <TextField
                    label="タグ名"
                    size="small"
                    value={editing.name}
                    onChange={(e) => setEditing({ id: tag.id, name: e.target.value })}
                    error={Boolean(editError)}
                    helperText={editError}
                    sx={{ flex: 1 }}
                  />
                  <Button type="submit" variant="contained">
                    保存
                  </Button>
                  <Button onClick={() => (setEditing(null), setEditError(undefined))}>キャンセル</Button>
                </Stack>
              ) : (
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <Typography sx={{ flex: 1 }}>{tag.name}</Typography>
                  <Button
                    size="small"
                    onClick={() => (setEditing({ id: tag.id, name: tag.name }), setEditError(undefined))}
                  >
                    名前を変更
                  </Button>
                  {tag.id !== DEFAULT_TAG && (
                    <Button size="small" color="error" onClick={() => void del(tag)}>
                      削除
                    </Button>
                  )}
                </Stack>
              )}
              {deleteError?.id === tag.id && (
                <Typography variant="body2" color="error" role="alert">
                  {deleteError.message}
                </Typography>
              )}
            </ListItem>
          ))}
        </List>
        <Stack
          component="form"
          direction="row"
          spacing={1}
          onSubmit={add}
          noValidate
          aria-label="タグの追加"
          sx={{ mt: 2 }}
        >
          <TextField
            label="新しいタグ"
            size="small"
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={Boolean(nameError)}
            helperText={nameError}
            sx={{ flex: 1 }}
          />
          <Button type="submit" variant="outlined">
            追加
          </Button>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>とじる</Button>
      </DialogActions>
    </Dialog>
  );
}
