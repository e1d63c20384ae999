import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useForm, useWatch } from 'react-hook-form';
import { ApiError, errorStatus } from '../../../lib/api-client';
import type { Account } from '../../../lib/api-types';
import { showErrorPage, showSnackbar, withLoading } from '../../../lib/feedback';
import { messages } from '../../../lib/messages';
import { useUpdateAccount } from '../api/update-account';
import type { AccountPrefill } from '../account-param';
import { changesEmail, serverFieldMap, settingsSchema, type SettingsValues } from '../settings-schema';
import { ProfileImageField } from './profile-image-field';

export interface SettingsFormProps {
  account: Account;
  prefill: AccountPrefill | null;
  onSaved: () => void;
}

export function SettingsForm({ account, prefill, onSaved }: SettingsFormProps) {
  const update = useUpdateAccount();
  const form = useForm<SettingsValues>({
    mode: 'onChange',
    resolver: zodResolver(settingsSchema(account.email)),
    defaultValues: {
      nickname: prefill?.nickname ?? account.nickname ?? '',
      email: prefill?.email ?? account.email,
      imageUrl: prefill?.image_url ?? account.image_url ?? '',
      currentPassword: '',
    },
  });
  const { register, handleSubmit, formState, setError, control } = form;
  // A new e-mail needs the current password (the server ends the account's other sessions).
  const emailChanges = changesEmail(account.email, useWatch({ control, name: 'email' }));

  const save = handleSubmit(async (values) => {
    const body = {
      nickname__c: values.nickname,
      personemail: values.email.trim(),
      account_image_01__c: values.imageUrl,
      ...(emailChanges ? { current_password: values.currentPassword } : {}),
    };
    try {
      await withLoading(() => update.mutateAsync({ id: account.id, account: body }));
      showSnackbar(messages.account_updated);
      onSaved();
    } catch (error) {
      if (error instanceof ApiError && (error.status === 422 || error.status === 409)) {
        const entries = Object.entries(error.fields);
        if (entries.length === 0) setError('email', { message: error.message });
        for (const [field, list] of entries) {
          setError(serverFieldMap[field] ?? 'email', { message: list[0] ?? error.message });
        }
        return;
      }
      // Too many wrong current passwords: said where the password is typed.
      if (error instanceof ApiError && error.status === 429 && emailChanges) {
        setError('currentPassword', { message: error.message });
        return;
      }
      showErrorPage(errorStatus(error));
    }
  });

  return (
    <form onSubmit={save} noValidate>
      <DialogContent dividers>
        <Stack spacing={3}>
          <ProfileImageField form={form} />
          <TextField
            label="ニックネーム"
            fullWidth
            {...register('nickname')}
            error={Boolean(formState.errors.nickname)}
            helperText={formState.errors.nickname?.message}
          />
          <TextField
            label="メールアドレス"
            type="email"
            required
            fullWidth
            autoComplete="email"
            {...register('email')}
            error={Boolean(formState.errors.email)}
            helperText={formState.errors.email?.message}
          />
          {emailChanges && (
            <TextField
              label="現在のパスワード"
              type="password"
              required
              fullWidth
              autoComplete="current-password"
              {...register('currentPassword')}
              error={Boolean(formState.errors.currentPassword)}
              helperText={formState.errors.currentPassword?.message ?? messages.email_change_needs_password}
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button type="submit" variant="contained" disabled={!formState.isValid || formState.isSubmitting}>
          保存
        </Button>
      </DialogActions>
    </form>
  );
}
