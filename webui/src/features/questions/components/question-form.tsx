import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { errorStatus } from '../../../lib/api-client';
import { showErrorPage } from '../../../lib/feedback';
import { setServerFieldErrors } from '../../../lib/form-errors';
import { trimSpace } from '../../../lib/validation';
import { useCategories } from '../api/get-categories';
import { useMentionAutocomplete } from '../../../components/mention-autocomplete';
import { ImageAttachButton, useTextCursor } from './image-attach-button';
import { imageMarkdown, insertMarkdown } from '../markdown-image';
import {
  BODY_PLACEHOLDER,
  questionFieldMap,
  questionSchema,
  TITLE_PLACEHOLDER,
  type QuestionValues,
} from '../question-schema';

export interface QuestionFormProps {
  defaultValues?: QuestionValues;
  submitLabel: string;
  onSubmit: (values: QuestionValues) => Promise<void>;
  onCancel?: () => void;
}

// Category, title and Markdown body; client rules first, then the server's 422 fields.
export function QuestionForm({ defaultValues, submitLabel, onSubmit, onCancel }: QuestionFormProps) {
  const categories = useCategories();
  const { register, handleSubmit, formState, setError, getValues, setValue } = useForm<QuestionValues>({
    mode: 'onTouched',
    resolver: zodResolver(questionSchema),
    defaultValues: defaultValues ?? { categoryId: '', title: '', body: '' },
  });
  const { errors } = formState;
  const cursor = useTextCursor();
  const mention = useMentionAutocomplete({
    context: 'question',
    setText: (value) => setValue('body', value, { shouldDirty: true, shouldTouch: true, shouldValidate: true }),
    alsoRef: cursor.inputRef,
  });
  const insertImage = (url: string) => {
    const next = insertMarkdown(getValues('body'), imageMarkdown(url), cursor.selection());
    setValue('body', next.value, { shouldDirty: true, shouldTouch: true, shouldValidate: true });
    cursor.moveTo(next.cursor);
  };

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      if (!setServerFieldErrors(error, setError, questionFieldMap, 'title')) showErrorPage(errorStatus(error));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="質問フォーム">
      <Stack spacing={3} sx={{ pt: 1 }}>
        <TextField
          select
          label="カテゴリー"
          required
          fullWidth
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          {...register('categoryId')}
          error={Boolean(errors.categoryId)}
          helperText={errors.categoryId?.message}
        >
          <option value="">選択してください</option>
          {(categories.data ?? []).map((c) => (
            <option key={c.id} value={String(c.id)}>
              {c.name}
            </option>
          ))}
        </TextField>
        <TextField
          label="タイトル"
          required
          fullWidth
          placeholder={TITLE_PLACEHOLDER}
          slotProps={{ inputLabel: { shrink: true } }}
          {...register('title')}
          error={Boolean(errors.title)}
          helperText={errors.title?.message}
        />
        <TextField
          label="本文 (Markdown)"
          fullWidth
          multiline
          minRows={10}
          placeholder={BODY_PLACEHOLDER}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { onFocus: cursor.onFocus, ...mention.inputProps } }}
          {...register('body')}
          inputRef={mention.inputRef}
          error={Boolean(errors.body)}
          helperText={errors.body?.message}
        />
        {mention.popup}
        <ImageAttachButton onUploaded={insertImage} testId="question-image-input" />
        <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end' }}>
          {onCancel && <Button onClick={onCancel}>キャンセル</Button>}
          <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
            {submitLabel}
          </Button>
        </Stack>
      </Stack>
    </form>
  );
}

export const toQuestionInput = (values: QuestionValues) => ({
  category_id: Number(values.categoryId),
  title: trimSpace(values.title),
  body: values.body,
});
