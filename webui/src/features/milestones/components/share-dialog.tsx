import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { AppTheme } from '../../../components/app-theme';
import { shareContent, shareUrl } from '../share-content';

export interface ShareDialogProps {
  milestoneType: string;
  onClose: () => void;
}

// Share-to-X dialog for a milestone; any close (button, outside click, share) marks it shown.
export default function ShareDialog({ milestoneType, onClose }: ShareDialogProps) {
  const content = shareContent(milestoneType);
  return (
    <AppTheme>
      <Dialog open onClose={onClose} aria-labelledby="share-dialog-title" data-testid="share-dialog">
        <DialogTitle id="share-dialog-title">{content.title}</DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 2 }}>{content.message}</Typography>
          <Typography variant="body2" color="text.secondary">
            {content.shareText}
          </Typography>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>とじる</Button>
          <Button
            variant="contained"
            href={shareUrl(content)}
            target="_blank"
            rel="noopener noreferrer"
            onClick={onClose}
          >
            Xでシェアする
          </Button>
        </DialogActions>
      </Dialog>
    </AppTheme>
  );
}
