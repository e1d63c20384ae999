import TextField from '@mui/material/TextField';
import type { UseFormRegisterReturn } from 'react-hook-form';

export interface NewPasswordFieldsProps {
  label: string; // 'パスワード' or '新しいパスワード'; the confirmation field adds （確認）
  password: UseFormRegisterReturn;
  confirmation: UseFormRegisterReturn;
  passwordError?: string;
  confirmationError?: string;
}

// A new password and its confirmation (password reset, accepting an invitation): the rules
// hint under the first field until it shows an error.
export function NewPasswordFields({
  label,
  password,
  confirmation,
  passwordError,
  confirmationError,
}: NewPasswordFieldsProps) {
  return (
    <>
      <TextField
        label={label}
        type="password"
        autoComplete="new-password"
        fullWidth
        {...password}
        error={Boolean(passwordError)}
        helperText={passwordError ?? '8文字以上16文字以下'}
      />
      <TextField
        label={`${label}（確認）`}
        type="password"
        autoComplete="new-password"
        fullWidth
        {...confirmation}
        error={Boolean(confirmationError)}
        helperText={confirmationError}
      />
    </>
  );
}
