import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ApiError, errorStatus } from '../../../lib/api-client';
import type { TaskDetail } from '../../../lib/api-types';
import { showErrorPage, showSnackbar, withLoading } from '../../../lib/feedback';
import { setServerFieldErrors } from '../../../lib/form-errors';
import { messages } from '../../../lib/messages';
import { useCreateSubmission } from '../api/create-submission';
import { submissionFieldMap, submissionSchema, type SubmissionValues } from '../submission-schema';

// The submit form of one task (students). The URL rules run as the user types; the server's
// 422 messages land on the field, its 403/409 (trial, pending, approved) above the button.
export function SubmissionForm({ task }: { task: Pick<TaskDetail, 'id' | 'title' | 'source_repository'> }) {
  const create = useCreateSubmission(task.id);
  const [refusal, setRefusal] = useState<string | null>(null);
  const schema = useMemo(() => submissionSchema(task.source_repository), [task.source_repository]);
  const { register, handleSubmit, formState, reset, setError } = useForm<SubmissionValues>({
    mode: 'onChange',
    resolver: zodResolver(schema),
    defaultValues: { repositoryUrl: '' },
  });

  const submit = handleSubmit(async (values) => {
    setRefusal(null);
    try {
      await withLoading(() => create.mutateAsync(values.repositoryUrl.trim()));
      reset({ repositoryUrl: '' });
      showSnackbar(messages.submission_created);
    } catch (error) {
      if (setServerFieldErrors(error, setError, submissionFieldMap, 'repositoryUrl')) return;
      if (error instanceof ApiError && (error.status === 403 || error.status === 409)) setRefusal(error.message);
      else showErrorPage(errorStatus(error));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={`${task.title}の提出フォーム`} data-testid="submission-form">
      <Stack spacing={1.5}>
        <TextField
          label="提出するリポジトリのURL"
          placeholder="https://github.com/あなたのアカウント/リポジトリ"
          fullWidth
          {...register('repositoryUrl')}
          error={Boolean(formState.errors.repositoryUrl)}
          helperText={formState.errors.repositoryUrl?.message}
        />
        {refusal && <Alert severity="warning">{refusal}</Alert>}
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" disabled={!formState.isValid || formState.isSubmitting}>
            提出する
          </Button>
        </Stack>
      </Stack>
    </form>
  );
}
