import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { AppTheme } from '../../../components/app-theme';
import { PageHeading } from '../../../components/page-heading';
import { errorStatus } from '../../../lib/api-client';
import type { NotificationCategory } from '../../../lib/api-types';
import { showErrorPage } from '../../../lib/feedback';
import { messages } from '../../../lib/messages';
import { useNotifications } from '../api/get-notifications';
import { useNotificationUnreadCount } from '../api/get-unread-count';
import { useMarkRead } from '../api/mark-read';
import { categoryLabel, notificationCategories } from '../../../lib/notification-categories';
import { unreadOf } from '../categories';
import { NotificationItem, rowBackground } from '../components/notification-item';
import { parseListState, toQuery, toSearchParams, type NotificationListState } from '../list-state';
import { useOpenNotification } from '../open-notification';
import { FetchingLine } from '../../../components/progress-line';

const tabs: (NotificationCategory | null)[] = [null, ...notificationCategories];

function TabLabel({ label, unread }: { label: string; unread: number }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
      {label}
      {unread > 0 && (
        <Box
          component="span"
          sx={{
            minWidth: 20,
            px: 0.75,
            borderRadius: 10,
            fontSize: 12,
            lineHeight: '20px',
            color: '#fff',
            bgcolor: 'error.main',
          }}
        >
          {unread > 99 ? '99+' : unread}
        </Box>
      )}
    </Box>
  );
}

// /notifications: every notification of the caller by category (tabs with their unread counts),
// 未読のみ, pages of 20; a row opens what it is about and marks it read. NotificationChannel keeps
// the counts and the list current (use-notification-channel.ts).
export function Component() {
  const [params, setParams] = useSearchParams();
  const state = parseListState(params);
  const list = useNotifications(toQuery(state));
  const unread = useNotificationUnreadCount().data;
  const { one, all } = useMarkRead();
  const openNotification = useOpenNotification();
  const go = (next: NotificationListState) => setParams(toSearchParams(next));

  useEffect(() => {
    if (list.error) showErrorPage(errorStatus(list.error));
  }, [list.error]);

  const fail = (error: unknown) => showErrorPage(errorStatus(error));
  const meta = list.data?.meta;
  const pages = meta ? Math.max(1, Math.ceil(meta.total / meta.per)) : 1;
  const items = list.data?.data ?? [];
  const tabUnread = unreadOf(unread, state.category);
  return (
    <AppTheme>
      <PageHeading title="通知" />
      <Paper variant="outlined" sx={{ mt: 2 }}>
        <Tabs
          value={state.category ?? 'all'}
          onChange={(_, value: string) =>
            go({
              category: value === 'all' ? null : (value as NotificationCategory),
              unreadOnly: state.unreadOnly,
              page: 1,
            })
          }
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label="通知の種類"
        >
          {tabs.map((c) => (
            <Tab
              key={c ?? 'all'}
              value={c ?? 'all'}
              label={<TabLabel label={c ? categoryLabel(c) : 'すべて'} unread={unreadOf(unread, c)} />}
              data-testid={`notification-tab-${c ?? 'all'}`}
            />
          ))}
        </Tabs>
        <Stack
          direction="row"
          sx={{
            px: 2,
            py: 1,
            alignItems: 'center',
            justifyContent: 'space-between',
            flexWrap: 'wrap',
            gap: 1,
            borderTop: 1,
            borderColor: 'divider',
          }}
        >
          <FormControlLabel
            control={
              <Switch
                checked={state.unreadOnly}
                onChange={(e) => go({ ...state, unreadOnly: e.target.checked, page: 1 })}
              />
            }
            label="未読のみ"
          />
          <Button
            onClick={() => all.mutate(state.category, { onError: fail })}
            disabled={tabUnread === 0 || all.isPending}
          >
            このタブをすべて既読にする
          </Button>
        </Stack>
        <FetchingLine active={list.isFetching} />
        {meta && (
          <Typography variant="body2" color="text.secondary" sx={{ px: 2, pt: 1 }} data-testid="notification-total">
            {meta.total}件
          </Typography>
        )}
        {list.data && items.length === 0 && (
          <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
            {state.unreadOnly ? messages.notifications_none_unread : messages.notifications_none}
          </Typography>
        )}
        {items.length > 0 && (
          <List disablePadding data-testid="notification-list">
            {items.map((n) => (
              <Box
                component="li"
                key={n.id}
                sx={{
                  display: 'flex',
                  alignItems: 'center',
                  borderTop: 1,
                  borderColor: 'divider',
                  bgcolor: rowBackground(n),
                }}
              >
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <NotificationItem notification={n} onOpen={() => openNotification(n)} />
                </Box>
                {!n.read && (
                  <Button
                    size="small"
                    sx={{
                      flexShrink: 0,
                      mx: { xs: 0.5, sm: 1 },
                      px: { xs: 0.5, sm: 1 },
                      minWidth: 0,
                      whiteSpace: 'nowrap',
                    }}
                    onClick={() => one.mutate(n.id, { onError: fail })}
                  >
                    既読にする
                  </Button>
                )}
              </Box>
            ))}
          </List>
        )}
      </Paper>
      {pages > 1 && (
        <Pagination
          sx={{ mt: 2, display: 'flex', justifyContent: 'center' }}
          count={pages}
          page={Math.min(state.page, pages)}
          onChange={(_, page) => go({ ...state, page })}
        />
      )}
    </AppTheme>
  );
}
