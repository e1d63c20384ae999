import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Controller, useForm } from 'react-hook-form';
import { errorStatus } from '../../../lib/api-client';
import type { TokenScope } from '../../../lib/api-types';
import { showErrorPage, withLoading } from '../../../lib/feedback';
import { setServerFieldErrors } from '../../../lib/form-errors';
import {
  EXPIRY_DAYS,
  accessTokenFieldMap,
  accessTokenSchema,
  scopeLabels,
  type AccessTokenValues,
} from '../access-token-schema';
import { createAccessToken } from '../api/access-tokens';

export interface AccessTokenFormProps {
  open: boolean;
  scopes: TokenScope[];
  onClose: () => void;
  /** The new token's secret, which only this answer holds. */
  onCreated: (secret: string) => void;
}

// 新しいアクセストークン: a name, the scopes (each with what it allows) and a lifetime.
export function AccessTokenForm({ open, scopes, onClose, onCreated }: AccessTokenFormProps) {
  const { register, control, handleSubmit, formState, setError, reset } = useForm<AccessTokenValues>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    resolver: zodResolver(accessTokenSchema),
    defaultValues: { name: '', scopes: ['read'], expiresInDays: 30 },
  });
  const close = () => {
    reset();
    onClose();
  };
  const submit = handleSubmit(async (values) => {
    try {
      const created = await withLoading(() =>
        createAccessToken({
          name: values.name,
          scopes: values.scopes as TokenScope[],
          expires_in_days: values.expiresInDays,
        }),
      );
      reset();
      onCreated(created.secret);
    } catch (error) {
      if (!setServerFieldErrors(error, setError, accessTokenFieldMap, 'name')) showErrorPage(errorStatus(error));
    }
  });

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="access-token-form-title">
      <DialogTitle id="access-token-form-title">新しいアクセストークン</DialogTitle>
      <form onSubmit={submit} noValidate aria-label="アクセストークンの作成">
        <DialogContent dividers>
          <Stack spacing={2}>
            <TextField
              label="名前（用途）"
              fullWidth
              {...register('name')}
              error={Boolean(formState.errors.name)}
              helperText={formState.errors.name?.message ?? '例: 受講生の一括登録スクリプト'}
            />
            <Controller
              name="scopes"
              control={control}
              render={({ field, fieldState }) => (
                <FormControl error={Boolean(fieldState.error)} component="fieldset">
                  <FormLabel component="legend">権限</FormLabel>
                  <FormGroup>
                    {scopes.map((scope) => (
                      <FormControlLabel
                        key={scope}
                        label={scopeLabels[scope]}
                        control={
                          <Checkbox
                            checked={field.value.includes(scope)}
                            onChange={(_, checked) =>
                              field.onChange(checked ? [...field.value, scope] : field.value.filter((s) => s !== scope))
                            }
                          />
                        }
                      />
                    ))}
                  </FormGroup>
                  <FormHelperText>
                    {fieldState.error?.message ?? 'トークンでできるのは、あなた自身の役割でできることの範囲内だけです。'}
                  </FormHelperText>
                </FormControl>
              )}
            />
            <Controller
              name="expiresInDays"
              control={control}
              render={({ field, fieldState }) => (
                <TextField
                  select
                  label="有効期限"
                  value={field.value}
                  onChange={(event) => field.onChange(Number(event.target.value))}
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message}
                >
                  {EXPIRY_DAYS.map((days) => (
                    <MenuItem key={days} value={days}>
                      {days}日後
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>キャンセル</Button>
          <Button type="submit" variant="contained">
            作成する
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
