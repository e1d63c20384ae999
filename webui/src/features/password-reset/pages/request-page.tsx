import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { PublicCard } from '../../../components/public-card';
import { ApiError, errorStatus } from '../../../lib/api-client';
import { showErrorPage, withLoading } from '../../../lib/feedback';
import { setServerFieldErrors } from '../../../lib/form-errors';
import { createPasswordReset } from '../api/create-password-reset';
import { resetRequestSchema, type ResetRequestValues } from '../reset-schemas';

// /reset-password: asks for the e-mail; the answer is the same whether it is registered or not.
export function Component() {
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError } = useForm<ResetRequestValues>({
    mode: 'onTouched',
    resolver: zodResolver(resetRequestSchema),
    defaultValues: { email: '' },
  });

  const submit = handleSubmit(async ({ email }) => {
    setFailure(null);
    try {
      await withLoading(() => createPasswordReset(email.trim()));
      void navigate('/reset-password/confirm');
    } catch (error) {
      if (setServerFieldErrors(error, setError, { email: 'email' })) return;
      if (error instanceof ApiError && error.status === 429) setFailure(error.message);
      else showErrorPage(errorStatus(error));
    }
  });

  return (
    <PublicCard title="パスワード再設定">
      <Typography sx={{ mb: 3 }}>
        ご登録のメールアドレスを入力してください。パスワード再設定用のリンクをお送りします。
      </Typography>
      <form onSubmit={submit} noValidate aria-label="パスワード再設定">
        <Stack spacing={3}>
          {failure && (
            <Typography role="alert" color="error">
              {failure}
            </Typography>
          )}
          <TextField
            label="メールアドレス"
            type="email"
            autoComplete="email"
            fullWidth
            {...register('email')}
            error={Boolean(formState.errors.email)}
            helperText={formState.errors.email?.message}
          />
          <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
            送信する
          </Button>
          <Link to="/login">ログイン画面に戻る</Link>
        </Stack>
      </form>
    </PublicCard>
  );
}
