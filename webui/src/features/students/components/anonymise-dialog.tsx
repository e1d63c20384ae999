import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import type { StudentDetail } from '../../../lib/api-types';
import { showSnackbar, withLoading } from '../../../lib/feedback';
import { fill, limits, messages } from '../../../lib/messages';
import { isBlank, trimSpace } from '../../../lib/validation';
import { useAnonymiseAccount } from '../api/anonymise-account';

export interface AnonymiseDialogProps {
  student: Pick<StudentDetail, 'id' | 'account_id' | 'display_name'>;
  onClose: () => void;
}

// 退会処理（匿名化）: says it cannot be undone and what goes and what stays, and runs only with a
// reason (for the audit log) and the student's display name typed again.
export function AnonymiseDialog({ student, onClose }: AnonymiseDialogProps) {
  const anonymise = useAnonymiseAccount(student.id);
  const [reason, setReason] = useState('');
  const [typedName, setTypedName] = useState('');
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const reasonError = isBlank(reason)
    ? messages.anonymisation_reason_required
    : [...trimSpace(reason)].length > limits.audit_reason_max
      ? messages.anonymisation_reason_too_long
      : null;
  const nameError = trimSpace(typedName) === student.display_name ? null : messages.anonymisation_confirm_name;
  const submit = async () => {
    setTouched(true);
    if (reasonError || nameError || student.account_id === null) return;
    try {
      await withLoading(() => anonymise.mutateAsync({ accountId: student.account_id!, reason: trimSpace(reason) }));
      showSnackbar(messages.anonymisation_done);
      onClose();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setServerError(error.fields['reason']?.[0] ?? error.message);
    }
  };
  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="anonymise-dialog-title"
      data-testid="anonymise-dialog"
    >
      <DialogTitle id="anonymise-dialog-title">退会処理（匿名化）</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Alert severity="warning">{messages.anonymisation_irreversible}</Alert>
          <Typography variant="body2">{messages.anonymisation_removed}</Typography>
          <Typography variant="body2">{messages.anonymisation_kept}</Typography>
          {serverError && (
            <Alert severity="error" data-testid="anonymise-error">
              {serverError}
            </Alert>
          )}
          <TextField
            label="理由"
            required
            multiline
            minRows={2}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            error={touched && Boolean(reasonError)}
            helperText={touched ? reasonError : undefined}
            slotProps={{ htmlInput: { maxLength: limits.audit_reason_max } }}
          />
          <Typography variant="body2">
            {fill(messages.anonymisation_confirm_hint, { name: student.display_name })}
          </Typography>
          <TextField
            label="表示名"
            required
            value={typedName}
            onChange={(e) => setTypedName(e.target.value)}
            error={touched && Boolean(nameError)}
            helperText={touched ? nameError : undefined}
            autoComplete="off"
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>キャンセル</Button>
        <Button variant="contained" color="error" onClick={submit} disabled={anonymise.isPending}>
          匿名化する
        </Button>
      </DialogActions>
    </Dialog>
  );
}
