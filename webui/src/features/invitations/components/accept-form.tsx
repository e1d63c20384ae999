import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { ApiError, errorStatus } from '../../../lib/api-client';
import type { InvitationView } from '../../../lib/api-types';
import { setToken } from '../../../lib/auth-token';
import { showErrorPage, withLoading } from '../../../lib/feedback';
import { setServerFieldErrors } from '../../../lib/form-errors';
import { acceptInvitation } from '../api/accept-invitation';
import { acceptFieldMap, acceptInvitationSchema, type AcceptInvitationValues } from '../invitation-schema';

export interface AcceptFormProps {
  id: string;
  invitation: InvitationView;
  onAccepted: () => void;
  onLinkDead: () => void;
}

export function AcceptForm({ id, invitation, onAccepted, onLinkDead }: AcceptFormProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError } = useForm<AcceptInvitationValues>({
    mode: 'onTouched',
    resolver: zodResolver(acceptInvitationSchema),
    defaultValues: { nickname: invitation.nickname, password: '', passwordConfirmation: '' },
  });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const { jwt } = await withLoading(() =>
        acceptInvitation(id, {
          nickname: values.nickname,
          password: values.password,
          password_confirmation: values.passwordConfirmation,
        }),
      );
      setToken(jwt); // stored like the login page does
      onAccepted();
    } catch (error) {
      if (setServerFieldErrors(error, setError, acceptFieldMap)) return;
      if (error instanceof ApiError && error.status === 409) setFailure(error.message);
      else if (errorStatus(error) === 404) onLinkDead();
      else showErrorPage(errorStatus(error));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="アカウント登録">
      <Stack spacing={3}>
        {failure && (
          <Typography role="alert" color="error">
            {failure}
          </Typography>
        )}
        <TextField
          label="メールアドレス"
          value={invitation.email}
          fullWidth
          slotProps={{ input: { readOnly: true } }}
        />
        <TextField
          label="ニックネーム"
          autoComplete="nickname"
          fullWidth
          {...register('nickname')}
          error={Boolean(formState.errors.nickname)}
          helperText={formState.errors.nickname?.message}
        />
        <NewPasswordFields
          label="パスワード"
          password={register('password')}
          confirmation={register('passwordConfirmation')}
          passwordError={formState.errors.password?.message}
          confirmationError={formState.errors.passwordConfirmation?.message}
        />
        <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
          登録する
        </Button>
      </Stack>
    </form>
  );
}
