import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { errorStatus } from '../../../lib/api-client';
import { askConfirmation, showErrorPage, showSnackbar, withLoading } from '../../../lib/feedback';
import { messages } from '../../../lib/messages';
import { useCalendarFeed } from '../api/get-calendar-feed';
import { resetCalendarFeed } from '../api/reset-calendar-feed';
import { eventKeys } from '../query-keys';

// The personal calendar feed (every joined event, for Google Calendar and the like) and a
// button that issues a new secret URL (the old one stops working).
export function CalendarFeedPanel() {
  const queryClient = useQueryClient();
  const feed = useCalendarFeed(true);

  useEffect(() => {
    if (feed.error) showErrorPage(errorStatus(feed.error));
  }, [feed.error]);

  const reset = async () => {
    if (
      !(await askConfirmation({
        message: messages.calendar_feed_reset_confirm,
        confirmLabel: '再発行する',
        danger: true,
      }))
    )
      return;
    try {
      const next = await withLoading(resetCalendarFeed);
      queryClient.setQueryData(eventKeys.calendarFeed, next);
      showSnackbar(messages.calendar_feed_reset_notice);
    } catch (error) {
      showErrorPage(errorStatus(error));
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="subtitle1" component="h2">
        カレンダー購読URL
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        カレンダーアプリにこのURLを登録すると、参加するイベントが自動で表示されます。
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <TextField
          size="small"
          fullWidth
          value={feed.data?.url ?? ''}
          slotProps={{
            htmlInput: { readOnly: true, 'aria-label': 'カレンダー購読URL', 'data-testid': 'calendar-feed-url' },
          }}
        />
        <Button variant="outlined" onClick={reset} sx={{ flexShrink: 0 }}>
          URLを再発行
        </Button>
      </Stack>
    </Paper>
  );
}
