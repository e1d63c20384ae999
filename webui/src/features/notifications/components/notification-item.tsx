import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import defaultAvatarUrl from '../../../assets/default-avatar.svg';
import logoUrl from '../../../assets/logo.svg';
import type { AppNotification } from '../../../lib/api-types';
import { formatDateTime } from '../../../lib/dates';
import { displayName } from '../../../lib/display-name';
import { categoryLabel } from '../../../lib/notification-categories';

const firstLine = (text: string) => text.split('\n', 1)[0] ?? '';

/** The background of an unread notification's row (the whole row, with its buttons). */
export const rowBackground = (n: AppNotification) => (n.read ? undefined : 'rgba(194, 65, 12, 0.06)');

// One notification: who (the school, with its logo, when nobody), the title (bold while unread,
// with a dot), the body's first line, the category and the time (school time). A click opens it.
export function NotificationItem({ notification: n, onOpen }: { notification: AppNotification; onOpen: () => void }) {
  const who = n.actor ? displayName(n.actor) : 'スクール';
  return (
    <ListItemButton
      onClick={onOpen}
      alignItems="flex-start"
      sx={{ gap: 1.5, py: 1.25, minWidth: 0 }}
      data-testid="notification-item"
      data-unread={n.read ? undefined : 'true'}
    >
      <Avatar
        src={n.actor ? n.actor.image_url || defaultAvatarUrl : logoUrl}
        alt=""
        sx={{ width: 36, height: 36, mt: 0.25 }}
      />
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography
          variant="body2"
          sx={{ fontWeight: n.read ? 400 : 700, overflowWrap: 'anywhere' }}
          data-testid="notification-title"
        >
          {!n.read && (
            <Box
              component="span"
              role="img"
              aria-label="未読"
              sx={{
                display: 'inline-block',
                width: 8,
                height: 8,
                mr: 0.75,
                borderRadius: '50%',
                bgcolor: 'error.main',
              }}
            />
          )}
          {n.title}
        </Typography>
        {n.body && (
          <Typography variant="body2" color="text.secondary" noWrap>
            {firstLine(n.body)}
          </Typography>
        )}
        <Typography variant="caption" color="text.secondary" component="p">
          {who} ・ {categoryLabel(n.category)} ・ {formatDateTime(n.created_at)}
        </Typography>
      </Box>
    </ListItemButton>
  );
}
