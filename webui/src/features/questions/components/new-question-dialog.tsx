import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { showSnackbar, withLoading } from '../../../lib/feedback';
import { messages } from '../../../lib/messages';
import type { QuestionDraftOffer } from '../../../lib/question-handoff';
import { useCreateQuestion } from '../api/create-question';
import { QuestionForm, toQuestionInput } from './question-form';

// The 質問する button and its dialog; a new question opens its own page. A draft (a conversation
// with the AI, lib/question-handoff) opens the dialog at once, filled in; closing it drops the draft.
export function NewQuestionDialog({ draft, onDraftDone }: { draft?: QuestionDraftOffer | null; onDraftDone?: () => void }) {
  const [open, setOpen] = useState(Boolean(draft));
  const close = () => {
    setOpen(false);
    if (draft) onDraftDone?.();
  };
  const create = useCreateQuestion();
  const navigate = useNavigate();
  return (
    <>
      <Button variant="contained" onClick={() => setOpen(true)}>
        質問する
      </Button>
      <Dialog open={open} onClose={close} fullWidth maxWidth="md" aria-labelledby="new-question-title">
        <DialogTitle id="new-question-title">質問する</DialogTitle>
        <DialogContent>
          <QuestionForm
            defaultValues={draft ? { categoryId: '', title: draft.title, body: draft.body } : undefined}
            submitLabel="投稿する"
            onCancel={close}
            onSubmit={async (values) => {
              const question = await withLoading(() => create.mutateAsync(toQuestionInput(values)));
              showSnackbar(messages.question_created);
              setOpen(false);
              // A draft's /questions entry is replaced: going back must not offer it again.
              await navigate(`/questions/${question.id}`, { replace: Boolean(draft) });
            }}
          />
        </DialogContent>
      </Dialog>
    </>
  );
}
