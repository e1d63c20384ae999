import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { useMentionAutocomplete } from '../../../components/mention-autocomplete';
import { errorStatus } from '../../../lib/api-client';
import { showErrorPage, showSnackbar, withLoading } from '../../../lib/feedback';
import { setServerFieldErrors } from '../../../lib/form-errors';
import { limits, messages } from '../../../lib/messages';
import { useCreateMentoring } from '../api/create-mentoring';
import type { Mentoring } from '../../../lib/api-types';
import { useUpdateMentoring } from '../api/update-mentoring';
import {
  charCount,
  heldAtInput,
  mentoringFieldMap,
  mentoringSchema,
  type MentoringFormValues,
} from '../mentoring-schema';

interface Props {
  studentId: number;
  /** A record to edit in place (更新する / キャンセル); without it the form adds one (追加する). */
  editing?: Mentoring;
  onDone?: () => void;
}

// メンタリング記録: date-time (a text field: the spec's 14-character rule is about what is
// typed; 2026-11-20 19:00, T or / also accepted, Tokyo time) and body, the spec's messages as the mentor types and on
// submit; the daemon's 422 messages go back under the fields.
export function MentoringForm({ studentId, editing, onDone }: Props) {
  const create = useCreateMentoring(studentId);
  const update = useUpdateMentoring(studentId);
  const empty = { heldAt: '', body: '' };
  const { register, handleSubmit, formState, reset, setError, setValue, watch } = useForm<MentoringFormValues>({
    mode: 'onChange',
    resolver: zodResolver(mentoringSchema),
    defaultValues: editing ? { heldAt: heldAtInput(editing.held_at), body: editing.body } : empty,
  });
  const { errors } = formState;
  const mention = useMentionAutocomplete({
    context: 'mentoring',
    setText: (value) => setValue('body', value, { shouldDirty: true, shouldValidate: true }),
  });
  const submit = handleSubmit(async (values) => {
    const mentoring = { held_at: values.heldAt.trim(), body: values.body };
    try {
      if (editing) {
        await withLoading(() => update.mutateAsync({ mentoringId: editing.id, mentoring }));
        showSnackbar(messages.students_mentoring_updated);
        onDone?.();
      } else {
        await withLoading(() => create.mutateAsync(mentoring));
        reset(empty);
        showSnackbar(messages.students_mentoring_created);
      }
    } catch (error) {
      if (!setServerFieldErrors(error, setError, mentoringFieldMap)) showErrorPage(errorStatus(error));
    }
  });
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={editing ? 'メンタリング記録の編集フォーム' : 'メンタリング記録フォーム'}
    >
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
          inputRef={mention.inputRef}
          slotProps={{ htmlInput: mention.inputProps }}
          error={Boolean(errors.body)}
          helperText={errors.body?.message ?? `${charCount(watch('body'))} / ${limits.mentoring_body_max}`}
        />
        {mention.popup}
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
            {editing ? '更新する' : '追加する'}
          </Button>
          {editing && <Button onClick={onDone}>キャンセル</Button>}
        </Stack>
      </Stack>
    </form>
  );
}
