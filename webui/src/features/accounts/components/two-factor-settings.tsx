import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogContent from '@mui/material/DialogContent';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { errorStatus } from '../../../lib/api-client';
import { showErrorPage, showSnackbar, withLoading } from '../../../lib/feedback';
import { messages } from '../../../lib/messages';
import { disableTwoFactor, twoFactorQueryKey, useTwoFactorStatus } from '../api/two-factor';
import { meQueryKey } from '../api/get-me';
import { codeFailureMessage } from '../two-factor-code';
import { TwoFactorEnrolment } from './two-factor-enrolment';

// 二段階認証 tab of the settings: on or off, enrolment, and turning it off with a code (not for
// the roles that require it).
export function TwoFactorSettings() {
  const status = useTwoFactorStatus();
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: twoFactorQueryKey });
    void queryClient.invalidateQueries({ queryKey: meQueryKey });
  };
  useEffect(() => {
    if (status.error) showErrorPage(errorStatus(status.error));
  }, [status.error]);
  if (status.error) return null;
  if (!status.data) return <LinearProgress aria-label="読み込み中" />;
  const { enabled, required, recovery_codes_left: left } = status.data;
  return (
    <DialogContent dividers data-testid="two-factor-settings">
      {enabled ? (
        <Stack spacing={2}>
          <Alert severity="success">二段階認証は有効です。リカバリーコードの残り: {left}個</Alert>
          {required ? (
            <Typography variant="body2" color="text.secondary">
              この役割では二段階認証が必須のため、無効にできません。スマートフォンをなくしてリカバリーコードもないときは、管理者にリセットを依頼してください。
            </Typography>
          ) : (
            <DisableForm onDisabled={refresh} />
          )}
        </Stack>
      ) : (
        <Stack spacing={2}>
          {required && <Alert severity="warning">{messages.two_factor_enrolment_required}</Alert>}
          <TwoFactorEnrolment
            onDone={() => {
              showSnackbar(messages.two_factor_enabled);
              refresh();
            }}
          />
        </Stack>
      )}
    </DialogContent>
  );
}

function DisableForm({ onDisabled }: { onDisabled: () => void }) {
  const [code, setCode] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    try {
      await withLoading(() => disableTwoFactor(code.trim()));
      showSnackbar(messages.two_factor_disabled);
      onDisabled();
    } catch (error) {
      setFailure(codeFailureMessage(error));
    }
  };
  return (
    <Stack component="form" spacing={1.5} onSubmit={(e) => void submit(e)} noValidate>
      <Typography variant="body2">無効にするには、確認コードかリカバリーコードを入力してください。</Typography>
      <TextField
        label="確認コード"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={failure !== null}
        helperText={failure ?? ' '}
        slotProps={{ htmlInput: { autoComplete: 'one-time-code' } }}
        sx={{ maxWidth: 240 }}
      />
      <Box>
        <Button type="submit" variant="outlined" color="error">
          二段階認証を無効にする
        </Button>
      </Box>
    </Stack>
  );
}
