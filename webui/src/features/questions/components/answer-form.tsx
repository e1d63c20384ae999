import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import { errorStatus } from '../../../lib/api-client';
import { showErrorPage, showSnackbar, withLoading } from '../../../lib/feedback';
import { setServerFieldErrors } from '../../../lib/form-errors';
import { messages } from '../../../lib/messages';
import { useCreateAnswer } from '../api/create-answer';
import { imageMarkdown, insertMarkdown } from '../markdown-image';
import { answerFieldMap, answerSchema, type AnswerValues } from '../question-schema';
import { useMentionAutocomplete } from '../../../components/mention-autocomplete';
import { ImageAttachButton, useTextCursor } from './image-attach-button';

export interface AnswerFormProps {
  questionId: number;
  onAnswering: () => void;
  onCancelAnswering: () => void;
}

// The answer form. Typing performs 'answering' once; emptying the field (or blurring it empty)
// and posting perform 'cancel_answering'.
export function AnswerForm({ questionId, onAnswering, onCancelAnswering }: AnswerFormProps) {
  const create = useCreateAnswer(questionId);
  const announced = useRef(false);
  const { register, handleSubmit, formState, reset, getValues, setValue, setError } = useForm<AnswerValues>({
    mode: 'onChange',
    resolver: zodResolver(answerSchema),
    defaultValues: { body: '' },
  });
  const cancel = () => {
    if (!announced.current) return;
    announced.current = false;
    onCancelAnswering();
  };
  const field = register('body', {
    onChange: (event: { target: { value: string } }) => {
      if (event.target.value.length > 0 && !announced.current) {
        announced.current = true;
        onAnswering();
      } else if (event.target.value.length === 0) cancel();
    },
    onBlur: (event: { target: { value: string } }) => {
      if (event.target.value.length === 0) cancel();
    },
  });

  const cursor = useTextCursor();
  const mention = useMentionAutocomplete({
    context: 'question',
    setText: (value) => setValue('body', value, { shouldDirty: true, shouldValidate: true }),
    alsoRef: cursor.inputRef,
  });
  const insertImage = (url: string) => {
    const next = insertMarkdown(getValues('body'), imageMarkdown(url), cursor.selection());
    setValue('body', next.value, { shouldDirty: true, shouldValidate: true });
    if (!announced.current) {
      announced.current = true;
      onAnswering();
    }
    cursor.moveTo(next.cursor);
  };

  const submit = handleSubmit(async (values) => {
    try {
      await withLoading(() => create.mutateAsync(values.body));
      cancel();
      reset({ body: '' });
      showSnackbar(messages.answer_created);
    } catch (error) {
      if (!setServerFieldErrors(error, setError, answerFieldMap, 'body')) showErrorPage(errorStatus(error));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="回答フォーム">
      <Stack spacing={2}>
        <TextField
          label="回答 (Markdown)"
          multiline
          minRows={5}
          fullWidth
          {...field}
          inputRef={mention.inputRef}
          error={Boolean(formState.errors.body)}
          helperText={formState.errors.body?.message}
          slotProps={{ htmlInput: { onFocus: cursor.onFocus, ...mention.inputProps } }}
        />
        {mention.popup}
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
          <ImageAttachButton onUploaded={insertImage} testId="answer-image-input" />
          <Button type="submit" variant="contained" disabled={!formState.isValid || formState.isSubmitting}>
            回答する
          </Button>
        </Stack>
      </Stack>
    </form>
  );
}
