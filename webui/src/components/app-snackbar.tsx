import Snackbar from '@mui/material/Snackbar';
import { AppTheme } from './app-theme';
import { closeSnackbar, snackbarStore } from '../lib/feedback';
import { useStore } from '../lib/store';

// Snackbar at the bottom-left (spec §2).
export default function AppSnackbar() {
  const { message, isOpen } = useStore(snackbarStore);
  return (
    <AppTheme>
      <Snackbar
        open={isOpen}
        message={message}
        autoHideDuration={5000}
        onClose={(_event, reason) => reason !== 'clickaway' && closeSnackbar()}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{ content: { role: 'status', 'aria-live': 'polite' } }}
        data-testid="snackbar"
      />
    </AppTheme>
  );
}
