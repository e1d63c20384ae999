import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import { AppTheme } from './app-theme';
import { answerConfirmation, confirmationStore } from '../lib/feedback';
import { useStore } from '../lib/store';

// The app's confirmation (lib/feedback.ts askConfirmation): MUI's dialog in the theme.
export default function ConfirmationDialog() {
  const open = useStore(confirmationStore);
  return (
    <AppTheme>
      <Dialog
        open={open !== null}
        onClose={() => answerConfirmation(false)}
        aria-describedby="confirmation-message"
        data-testid="confirmation-dialog"
      >
        <DialogContent>
          <DialogContentText id="confirmation-message" sx={{ color: 'text.primary' }}>
            {open?.message}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => answerConfirmation(false)}>キャンセル</Button>
          <Button
            variant="contained"
            color={open?.danger ? 'error' : 'primary'}
            onClick={() => answerConfirmation(true)}
            autoFocus
          >
            {open?.confirmLabel}
          </Button>
        </DialogActions>
      </Dialog>
    </AppTheme>
  );
}
