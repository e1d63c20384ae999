import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import DialogContent from '@mui/material/DialogContent';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { errorStatus } from '../../../lib/api-client';
import type { AccessToken } from '../../../lib/api-types';
import { formatDateTime } from '../../../lib/dates';
import { askConfirmation, showErrorPage, showSnackbar, withLoading } from '../../../lib/feedback';
import { fill, limits, messages } from '../../../lib/messages';
import { scopeLabels } from '../access-token-schema';
import { accessTokensQueryKey, deleteAccessToken, useAccessTokens } from '../api/access-tokens';
import { AccessTokenForm } from './access-token-form';

// アクセストークン tab of the settings: tokens for scripts and the camp command (docs/tokens.md),
// with their scopes, last use and expiry in school time; a new one's secret is shown this once.
export function AccessTokenSettings() {
  const tokens = useAccessTokens();
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  useEffect(() => {
    if (tokens.error) showErrorPage(errorStatus(tokens.error));
  }, [tokens.error]);
  if (tokens.error) return null;
  if (!tokens.data) return <LinearProgress aria-label="読み込み中" />;
  const refresh = () => void queryClient.invalidateQueries({ queryKey: accessTokensQueryKey });

  const remove = async (token: AccessToken) => {
    const confirmed = await askConfirmation({
      message: fill(messages.access_token_delete_confirm, { name: token.name }),
      confirmLabel: '削除する',
      danger: true,
    });
    if (!confirmed) return;
    try {
      await withLoading(() => deleteAccessToken(token.id));
      showSnackbar(messages.access_token_deleted);
    } catch (error) {
      showErrorPage(errorStatus(error));
    }
    refresh();
  };

  return (
    <DialogContent dividers data-testid="access-token-settings">
      <Stack spacing={2}>
        <Typography variant="body2">
          スクリプトや camp
          コマンドからAPIを使うためのトークンです。トークンでできるのは、選んだ権限のうち、あなた自身ができることだけです。有効期限は最長
          {limits.access_token_days_max}日、作成できるのは{limits.access_tokens_per_account_max}個までです。
        </Typography>
        {secret && <SecretOnce secret={secret} />}
        <Box>
          <Button variant="contained" onClick={() => setCreating(true)}>
            トークンを作成する
          </Button>
        </Box>
        {tokens.data.data.length > 0 ? (
          <List disablePadding aria-label="アクセストークン">
            {tokens.data.data.map((token) => (
              <TokenRow key={token.id} token={token} onDelete={() => void remove(token)} />
            ))}
          </List>
        ) : (
          <Typography variant="body2" color="text.secondary">
            作成したトークンはまだありません。
          </Typography>
        )}
      </Stack>
      <AccessTokenForm
        open={creating}
        scopes={tokens.data.scopes}
        onClose={() => setCreating(false)}
        onCreated={(created) => {
          setCreating(false);
          setSecret(created);
          showSnackbar(messages.access_token_created);
          refresh();
        }}
      />
    </DialogContent>
  );
}

function TokenRow({ token, onDelete }: { token: AccessToken; onDelete: () => void }) {
  return (
    <ListItem
      divider
      disableGutters
      sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}
      data-testid="access-token-row"
    >
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography variant="subtitle2" sx={{ overflowWrap: 'anywhere' }}>
          {token.name}
          {token.expired && <Chip size="small" label="期限切れ" sx={{ ml: 1 }} />}
        </Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, my: 0.5 }}>
          {token.scopes.map((scope) => (
            // A long label wraps inside its chip at phone widths instead of ending in "…".
            <Chip
              key={scope}
              size="small"
              variant="outlined"
              label={scopeLabels[scope]}
              sx={{ height: 'auto', maxWidth: '100%', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } }}
            />
          ))}
        </Stack>
        <Typography variant="body2" color="text.secondary">
          作成 {formatDateTime(token.created_at)} ・ 最終利用{' '}
          {token.last_used_at ? formatDateTime(token.last_used_at) : 'なし'} ・ 有効期限{' '}
          {formatDateTime(token.expires_at)}
        </Typography>
      </Box>
      <Button size="small" color="error" variant="outlined" onClick={onDelete}>
        削除
      </Button>
    </ListItem>
  );
}

// The secret, with a copy button: the daemon keeps only its hash, so this is the one chance.
function SecretOnce({ secret }: { secret: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      showSnackbar(messages.access_token_copied);
    } catch {
      // No clipboard (an insecure origin, a refused permission): the field is selectable.
      document.querySelector<HTMLInputElement>('[data-testid="access-token-secret"]')?.select();
    }
  };
  return (
    <Alert severity="warning" data-testid="access-token-created">
      <Typography variant="body2" sx={{ mb: 1 }}>
        このトークンが表示されるのは今だけです。コピーして安全な場所に保管してください。
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <TextField
          size="small"
          fullWidth
          value={secret}
          slotProps={{
            htmlInput: { readOnly: true, 'aria-label': '新しいアクセストークン', 'data-testid': 'access-token-secret' },
          }}
        />
        <Button variant="contained" onClick={() => void copy()} sx={{ flexShrink: 0 }}>
          コピー
        </Button>
      </Stack>
    </Alert>
  );
}
