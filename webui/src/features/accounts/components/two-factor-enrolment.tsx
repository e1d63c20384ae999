import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import type { TwoFactorEnrolment as Pending } from '../../../lib/api-types';
import { withLoading } from '../../../lib/feedback';
import { beginTwoFactor, confirmTwoFactor } from '../api/two-factor';
import { codeFailureMessage } from '../two-factor-code';
import { QrCode } from './qr-code';

// Enrolment in three steps: start (a new secret), scan the QR code (or type the secret) and
// confirm with the app's first code, then keep the ten recovery codes (shown only this once).
export function TwoFactorEnrolment({ onDone }: { onDone: () => void }) {
  const [pending, setPending] = useState<Pending | null>(null);
  const [code, setCode] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  const start = async () => {
    setFailure(null);
    try {
      setPending(await withLoading(beginTwoFactor));
    } catch (error) {
      setFailure(codeFailureMessage(error));
    }
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    try {
      const answer = await withLoading(() => confirmTwoFactor(code.trim()));
      setRecoveryCodes(answer.recovery_codes);
    } catch (error) {
      setFailure(codeFailureMessage(error));
    }
  };

  if (recoveryCodes) {
    return (
      <Stack spacing={2} data-testid="two-factor-recovery-codes">
        <Alert severity="success">二段階認証を有効にしました。</Alert>
        <Typography variant="body2">
          スマートフォンをなくしたときは、次のリカバリーコードを確認コードの代わりに使えます（各コード1回限り）。
          この画面を閉じると二度と表示されません。印刷するか、安全な場所に保管してください。
        </Typography>
        <Box
          component="ol"
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(5, auto)' },
            gap: 1,
            fontFamily: 'monospace',
            fontSize: 16,
            pl: 3,
            m: 0,
          }}
        >
          {recoveryCodes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </Box>
        <Box>
          <Button variant="contained" onClick={onDone}>
            保管しました
          </Button>
        </Box>
      </Stack>
    );
  }

  if (!pending) {
    return (
      <Stack spacing={2}>
        <Typography variant="body2">
          ログインのとき、パスワードに加えて認証アプリ（Google Authenticator、Microsoft Authenticator
          など）に表示される6桁の確認コードを入力します。パスワードが漏れても、アカウントを守れます。
        </Typography>
        {failure && <Alert severity="error">{failure}</Alert>}
        <Box>
          <Button variant="contained" onClick={() => void start()}>
            設定を始める
          </Button>
        </Box>
      </Stack>
    );
  }

  return (
    <Stack component="form" spacing={2} onSubmit={(e) => void confirm(e)} noValidate data-testid="two-factor-enrolment">
      <Typography variant="body2">
        1. 認証アプリでQRコードを読み取ってください。読み取れないときは、下の鍵を入力してください。
      </Typography>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { xs: 'center', sm: 'flex-start' } }}
      >
        <QrCode value={pending.otpauth_uri} />
        <Box sx={{ minWidth: 0, alignSelf: 'stretch' }}>
          <Typography variant="caption" color="text.secondary" component="p">
            鍵（手入力用）
          </Typography>
          <Typography
            component="code"
            data-testid="two-factor-secret"
            sx={{ fontFamily: 'monospace', fontSize: 15, wordBreak: 'break-all', display: 'block' }}
          >
            {pending.secret}
          </Typography>
        </Box>
      </Stack>
      <Typography variant="body2">2. アプリに表示された6桁の確認コードを入力してください。</Typography>
      <TextField
        label="確認コード"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={failure !== null}
        helperText={failure ?? ' '}
        slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 6 } }}
        sx={{ maxWidth: 240 }}
      />
      <Box>
        <Button type="submit" variant="contained">
          有効にする
        </Button>
      </Box>
    </Stack>
  );
}
