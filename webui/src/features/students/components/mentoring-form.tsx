import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { errorStatus } from '../../../lib/api-client';
import { showErrorPage, showSnackbar, withLoading } from '../../../lib/feedback';
import { setServerFieldErrors } from '../../../lib/form-errors';
import { limits, messages } from '../../../lib/messages';
import { useCreateMentoring } from '../api/create-mentoring';
import { charCount, mentoringFieldMap, mentoringSchema, type MentoringFormValues } from '../mentoring-schema';

// メンタリング記録を追加: date-time (a text field: the spec's 14-character rule is about what is
// typed; 2026-11-20 19:00, T or / also accepted, Tokyo time) and body, the spec's messages as the mentor types and on
// 追加する; the daemon's 422 messages go back under the fields.
export function MentoringForm({ studentId }: { studentId: number }) {
  const create = useCreateMentoring(studentId);
  const { register, handleSubmit, formState, reset, setError, watch } = useForm<MentoringFormValues>({
    mode: 'onChange',
    resolver: zodResolver(mentoringSchema),
    defaultValues: { heldAt: '', body: '' },
  });
  const { errors } = formState;
  const submit = handleSubmit(async (values) => {
    try {
      await withLoading(() => create.mutateAsync({ held_at: values.heldAt.trim(), body: values.body }));
      reset({ heldAt: '', body: '' });
      showSnackbar(messages.students_mentoring_created);
    } catch (error) {
      if (!setServerFieldErrors(error, setError, mentoringFieldMap)) showErrorPage(errorStatus(error));
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label="メンタリング記録フォーム">
      <Stack spacing={2}>
        <TextField
          label="メンタリング日時"
          placeholder="2026-11-20 19:00"
          size="small"
          {...register('heldAt')}
          error={Boolean(errors.heldAt)}
          helperText={errors.heldAt?.message ?? '年-月-日 時:分(日本時間)'}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
          sx={{ maxWidth: 280 }}
        />
        <TextField
          label="内容"
          multiline
          minRows={4}
          {...register('body')}
          error={Boolean(errors.body)}
          helperText={errors.body?.message ?? `${charCount(watch('body'))} / ${limits.mentoringBodyMax}`}
        />
        <div>
          <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
            追加する
          </Button>
        </div>
      </Stack>
    </form>
  );
}
