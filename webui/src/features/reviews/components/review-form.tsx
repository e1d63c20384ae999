import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Controller, useForm } from 'react-hook-form';
import { useMentionAutocomplete } from '../../../components/mention-autocomplete';
import { errorStatus } from '../../../lib/api-client';
import type { ReviewStatus } from '../../../lib/api-types';
import { showErrorPage, showSnackbar, withLoading } from '../../../lib/feedback';
import { setServerFieldErrors } from '../../../lib/form-errors';
import { messages } from '../../../lib/messages';
import { reviewStatusLabels } from '../../../lib/review-status';
import { useCreateReview } from '../api/create-review';
import { refusalMessage } from '../conflict';
import { reviewFieldMap, reviewSchema, type ReviewValues } from '../review-schema';

export interface ReviewFormProps {
  submissionId: number;
  onReviewed: () => void;
  /** A 409/403 from the server (reviewed or claimed by someone else first). */
  onRefused: (message: string) => void;
}

// Comment (Markdown) and verdict. Sending validates everything and shows the spec's messages.
export function ReviewForm({ submissionId, onReviewed, onRefused }: ReviewFormProps) {
  const create = useCreateReview(submissionId);
  const { register, control, handleSubmit, formState, setError, setValue } = useForm<ReviewValues>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    resolver: zodResolver(reviewSchema),
    defaultValues: { comment: '', status: '' },
  });

  const mention = useMentionAutocomplete({
    context: 'review',
    submissionId,
    setText: (value) => setValue('comment', value, { shouldDirty: true, shouldValidate: formState.isSubmitted }),
  });

  const submit = handleSubmit(async (values) => {
    try {
      await withLoading(() => create.mutateAsync({ comment: values.comment, status: values.status as ReviewStatus }));
      showSnackbar(messages.review_created);
      onReviewed();
    } catch (error) {
      if (setServerFieldErrors(error, setError, reviewFieldMap, 'comment')) return;
      const refusal = refusalMessage(error);
      if (refusal) onRefused(refusal);
      else showErrorPage(errorStatus(error));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="レビューフォーム" data-testid="review-form">
      <Stack spacing={2}>
        <TextField
          label="コメント (Markdown)"
          multiline
          minRows={6}
          fullWidth
          {...register('comment')}
          inputRef={mention.inputRef}
          slotProps={{ htmlInput: mention.inputProps }}
          error={Boolean(formState.errors.comment)}
          helperText={formState.errors.comment?.message}
        />
        {mention.popup}
        <Controller
          name="status"
          control={control}
          render={({ field, fieldState }) => (
            <FormControl error={Boolean(fieldState.error)}>
              <FormLabel id="review-status-label">ステータス</FormLabel>
              <RadioGroup row aria-labelledby="review-status-label" {...field}>
                {(Object.entries(reviewStatusLabels) as [ReviewStatus, string][]).map(([value, label]) => (
                  <FormControlLabel key={value} value={value} control={<Radio />} label={label} />
                ))}
              </RadioGroup>
              {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
            </FormControl>
          )}
        />
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
            レビューを送信する
          </Button>
        </Stack>
      </Stack>
    </form>
  );
}
