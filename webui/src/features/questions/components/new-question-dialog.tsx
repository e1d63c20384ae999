import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { showSnackbar, withLoading } from '../../../lib/feedback';
import { messages } from '../../../lib/messages';
import { useCreateQuestion } from '../api/create-question';
import { QuestionForm, toQuestionInput } from './question-form';

// The 質問する button and its dialog; a new question opens its own page.
export function NewQuestionDialog() {
  const [open, setOpen] = useState(false);
  const create = useCreateQuestion();
  const navigate = useNavigate();
  return (
    <>
      <Button variant="contained" onClick={() => setOpen(true)}>
        質問する
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="md" aria-labelledby="new-question-title">
        <DialogTitle id="new-question-title">質問する</DialogTitle>
        <DialogContent>
          <QuestionForm
            submitLabel="投稿する"
            onCancel={() => setOpen(false)}
            onSubmit={async (values) => {
              const question = await withLoading(() => create.mutateAsync(toQuestionInput(values)));
              showSnackbar(messages.question_created);
              setOpen(false);
              await navigate(`/questions/${question.id}`);
            }}
          />
        </DialogContent>
      </Dialog>
    </>
  );
}
