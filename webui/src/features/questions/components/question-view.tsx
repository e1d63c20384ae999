import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorStatus } from '../../../lib/api-client';
import type { Account } from '../../../lib/api-types';
import { askConfirmation, showErrorPage, showSnackbar, withLoading } from '../../../lib/feedback';
import { messages } from '../../../lib/messages';
import { useDeleteQuestion } from '../api/delete-question';
import { useUpdateQuestion } from '../api/update-question';
import { canEditQuestion, canPickUp } from '../permissions';
import type { QuestionDetail } from '../types';
import { AccountChip } from '../../../components/account-chip';
import { MarkdownView } from '../../../components/markdown-view';
import { formatDateTime } from '../../../lib/dates';
import { QuestionForm, toQuestionInput } from './question-form';
import { StatusChips } from './status-chips';

// The question itself: title, status, author, rendered body; edit/delete and pick-up.
export function QuestionView({ question, me }: { question: QuestionDetail; me: Account }) {
  const [editing, setEditing] = useState(false);
  const update = useUpdateQuestion(question.id);
  const remove = useDeleteQuestion();
  const navigate = useNavigate();

  const act = async (work: () => Promise<unknown>, done: string, after?: () => unknown) => {
    try {
      await withLoading(work);
      showSnackbar(done);
      await after?.();
    } catch (error) {
      showErrorPage(errorStatus(error));
    }
  };

  if (editing) {
    return (
      <QuestionForm
        submitLabel="更新する"
        defaultValues={{ categoryId: String(question.category?.id ?? ''), title: question.title, body: question.body }}
        onCancel={() => setEditing(false)}
        onSubmit={async (values) => {
          await withLoading(() => update.mutateAsync(toQuestionInput(values)));
          showSnackbar(messages.question_updated);
          setEditing(false);
        }}
      />
    );
  }
  return (
    <article aria-labelledby="question-title">
      <StatusChips question={question} />
      <Typography id="question-title" variant="h5" component="h2" sx={{ my: 1.5, fontWeight: 700 }}>
        {question.title}
      </Typography>
      <Stack
        direction="row"
        spacing={2}
        sx={{ alignItems: 'center', flexWrap: 'wrap', color: 'text.secondary', mb: 2 }}
      >
        <AccountChip account={question.account} />
        {question.category && <Typography variant="body2">{question.category.name}</Typography>}
        <Typography variant="body2">{formatDateTime(question.created_at)}</Typography>
      </Stack>
      <MarkdownView source={question.body} testId="question-body" />
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mt: 1 }}>
        {canPickUp(me) && (
          <Button
            onClick={() =>
              act(() => update.mutateAsync({ is_pick_up: !question.is_pick_up }), messages.question_updated)
            }
          >
            {question.is_pick_up ? 'ピックアップを外す' : 'ピックアップする'}
          </Button>
        )}
        {canEditQuestion(me, question) && <Button onClick={() => setEditing(true)}>編集</Button>}
        {canEditQuestion(me, question) && (
          <Button
            color="error"
            onClick={async () => {
              if (
                await askConfirmation({
                  message: messages.question_delete_confirm,
                  confirmLabel: '削除する',
                  danger: true,
                })
              )
                void act(
                  () => remove.mutateAsync(question.id),
                  messages.question_deleted,
                  () => navigate('/questions'),
                );
            }}
          >
            削除
          </Button>
        )}
      </Stack>
    </article>
  );
}
