import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { useRef } from 'react';
import { useNavigate } from 'react-router';
import { AppTheme } from '../../../components/app-theme';
import { errorStatus } from '../../../lib/api-client';
import { showErrorPage } from '../../../lib/feedback';
import { messages } from '../../../lib/messages';
import { useNotifications } from '../api/get-notifications';
import { useNotificationUnreadCount } from '../api/get-unread-count';
import { useMarkRead } from '../api/mark-read';
import { useOpenNotification } from '../open-notification';
import { NotificationItem, rowBackground } from './notification-item';

export const MENU_SIZE = 8;

export interface NotificationMenuProps {
  anchor: HTMLElement | null;
  open: boolean;
  onClose: () => void;
}

// The bell's menu: the latest notifications (unread ones marked), すべて既読にする and a way to
// the whole list. Loaded lazily by the bell.
export default function NotificationMenu({ anchor, open, onClose }: NotificationMenuProps) {
  const latest = useNotifications({ per: MENU_SIZE }, open);
  const unread = useNotificationUnreadCount().data?.total ?? 0;
  const { all } = useMarkRead();
  const openNotification = useOpenNotification();
  const navigate = useNavigate();
  const items = latest.data?.data ?? [];

  const title = useRef<HTMLHeadingElement>(null);

  // The button is disabled once nothing is unread: focus stays in the menu (Escape still closes it).
  const markAll = () =>
    all.mutate(null, {
      onSuccess: () => title.current?.focus(),
      onError: (error) => showErrorPage(errorStatus(error)),
    });
  return (
    <AppTheme>
      <Popover
        open={open}
        anchorEl={anchor}
        onClose={onClose}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: 380, maxWidth: 'calc(100vw - 16px)' } } }}
        aria-labelledby="notification-menu-title"
        data-testid="notification-menu"
      >
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1 }}>
          <Typography
            id="notification-menu-title"
            ref={title}
            tabIndex={-1}
            variant="subtitle1"
            component="h2"
            sx={{ fontWeight: 700, outline: 'none' }}
          >
            通知
          </Typography>
          <Button size="small" onClick={markAll} disabled={unread === 0 || all.isPending}>
            すべて既読にする
          </Button>
        </Box>
        <Divider />
        {latest.isPending && <LinearProgress aria-label="読み込み中" />}
        {latest.error && (
          <Typography variant="body2" sx={{ p: 2 }} role="alert">
            {messages.error_page_other}
          </Typography>
        )}
        {latest.data && items.length === 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
            {messages.notifications_none}
          </Typography>
        )}
        {items.length > 0 && (
          <List disablePadding sx={{ maxHeight: 'min(480px, calc(100vh - 160px))', overflowY: 'auto' }}>
            {items.map((n) => (
              <Box component="li" key={n.id} sx={{ bgcolor: rowBackground(n) }}>
                <NotificationItem
                  notification={n}
                  onOpen={() => {
                    onClose();
                    openNotification(n);
                  }}
                />
              </Box>
            ))}
          </List>
        )}
        <Divider />
        <Box sx={{ p: 1, textAlign: 'center' }}>
          <Button
            fullWidth
            onClick={() => {
              onClose();
              void navigate('/notifications');
            }}
          >
            すべての通知を見る
          </Button>
        </Box>
      </Popover>
    </AppTheme>
  );
}
