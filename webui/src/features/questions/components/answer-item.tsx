import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { errorStatus } from '../../../lib/api-client';
import { askConfirmation, showErrorPage, showSnackbar, withLoading } from '../../../lib/feedback';
import { messages } from '../../../lib/messages';
import { isBlank } from '../../../lib/validation';
import { useDeleteAnswer } from '../api/delete-answer';
import { useUpdateAnswer } from '../api/update-answer';
import type { Answer } from '../types';
import { AccountChip } from '../../../components/account-chip';
import { MarkdownView } from '../../../components/markdown-view';
import { useMentionAutocomplete } from '../../../components/mention-autocomplete';
import { formatDateTime } from '../../../lib/dates';

export interface AnswerItemProps {
  answer: Answer;
  canEdit: boolean;
  canMark: boolean;
  onMark: (answer: Answer) => void;
  onUnmark: () => void;
}

// One answer: author, rendered body, solution mark and the owner's edit/delete.
export function AnswerItem({ answer, canEdit, canMark, onMark, onUnmark }: AnswerItemProps) {
  const [editing, setEditing] = useState(false);
  const [body, setBody] = useState(answer.body);
  const mention = useMentionAutocomplete({ context: 'question', setText: setBody });
  const update = useUpdateAnswer();
  const remove = useDeleteAnswer();
  const run = async (work: () => Promise<unknown>, done: string) => {
    try {
      await withLoading(work);
      showSnackbar(done);
      setEditing(false);
    } catch (error) {
      showErrorPage(errorStatus(error));
    }
  };
  return (
    <Paper
      variant="outlined"
      data-testid="answer"
      sx={{ p: 2, borderColor: answer.is_solution ? 'success.main' : undefined }}
    >
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <AccountChip account={answer.account} />
        <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(answer.created_at)}
        </Typography>
        {answer.is_solution && <Chip size="small" color="success" label="解決した回答" />}
      </Stack>
      {editing ? (
        <Stack spacing={1}>
          <TextField
            label="回答を編集"
            multiline
            minRows={4}
            value={body}
            onChange={(e) => setBody(e.target.value)}
            inputRef={mention.inputRef}
            slotProps={{ htmlInput: mention.inputProps }}
          />
          {mention.popup}
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button onClick={() => setEditing(false)}>キャンセル</Button>
            <Button
              variant="contained"
              disabled={isBlank(body)}
              onClick={() => run(() => update.mutateAsync({ id: answer.id, body }), messages.answer_updated)}
            >
              更新する
            </Button>
          </Stack>
        </Stack>
      ) : (
        <MarkdownView source={answer.body} />
      )}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mt: 1 }}>
        {canMark && !answer.is_solution && <Button onClick={() => onMark(answer)}>解決済みにする</Button>}
        {canMark && answer.is_solution && <Button onClick={onUnmark}>解決を取り消す</Button>}
        {canEdit && !editing && <Button onClick={() => setEditing(true)}>編集</Button>}
        {canEdit && (
          <Button
            color="error"
            onClick={async () => {
              if (
                await askConfirmation({
                  message: messages.answer_delete_confirm,
                  confirmLabel: '削除する',
                  danger: true,
                })
              )
                void run(() => remove.mutateAsync(answer.id), messages.answer_deleted);
            }}
          >
            削除
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
