import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { errorStatus } from '../../../lib/api-client';
import { showErrorPage, withLoading } from '../../../lib/feedback';
import { setServerFieldErrors } from '../../../lib/form-errors';
import { updatePasswordReset } from '../api/update-password-reset';
import { newPasswordFieldMap, newPasswordSchema, type NewPasswordValues } from '../reset-schemas';

export interface NewPasswordFormProps {
  token: string;
  onDone: () => void;
  onLinkDead: () => void;
}

export function NewPasswordForm({ token, onDone, onLinkDead }: NewPasswordFormProps) {
  const { register, handleSubmit, formState, setError } = useForm<NewPasswordValues>({
    mode: 'onTouched',
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { password: '', passwordConfirmation: '' },
  });

  const submit = handleSubmit(async (values) => {
    try {
      await withLoading(() => updatePasswordReset(token, values.password, values.passwordConfirmation));
      onDone();
    } catch (error) {
      if (setServerFieldErrors(error, setError, newPasswordFieldMap)) return;
      if (errorStatus(error) === 404) onLinkDead();
      else showErrorPage(errorStatus(error));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="新しいパスワード">
      <Stack spacing={3}>
        <NewPasswordFields
          label="新しいパスワード"
          password={register('password')}
          confirmation={register('passwordConfirmation')}
          passwordError={formState.errors.password?.message}
          confirmationError={formState.errors.passwordConfirmation?.message}
        />
        <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
          パスワードを再設定する
        </Button>
      </Stack>
    </form>
  );
}
