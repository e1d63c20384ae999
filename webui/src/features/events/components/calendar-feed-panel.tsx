import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ExpandMoreIcon } from '../../../components/icons';
import { errorStatus } from '../../../lib/api-client';
import { askConfirmation, showErrorPage, showSnackbar, withLoading } from '../../../lib/feedback';
import { messages } from '../../../lib/messages';
import { useCalendarFeed } from '../api/get-calendar-feed';
import { resetCalendarFeed } from '../api/reset-calendar-feed';
import { eventKeys } from '../query-keys';

// The personal calendar feed (every joined event, for Google Calendar and the like): folded by
// default, so the events come first on a phone; opened, it shows the secret URL (fetched only
// then), a copy button, and a button that issues a new URL (the old one stops working).
export function CalendarFeedPanel() {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const feed = useCalendarFeed(open);

  useEffect(() => {
    if (feed.error) showErrorPage(errorStatus(feed.error));
  }, [feed.error]);

  const copy = async () => {
    if (!feed.data) return;
    try {
      await navigator.clipboard.writeText(feed.data.url);
      showSnackbar(messages.calendar_feed_copied);
    } catch {
      // No clipboard (an insecure origin, a refused permission): the field is selectable.
      document.querySelector<HTMLInputElement>('[data-testid="calendar-feed-url"]')?.select();
    }
  };

  const reset = async () => {
    const confirmed = await askConfirmation({
      message: messages.calendar_feed_reset_confirm,
      confirmLabel: '再発行する',
      danger: true,
    });
    if (!confirmed) return;
    try {
      const next = await withLoading(resetCalendarFeed);
      queryClient.setQueryData(eventKeys.calendarFeed, next);
      showSnackbar(messages.calendar_feed_reset_notice);
    } catch (error) {
      showErrorPage(errorStatus(error));
    }
  };

  return (
    <Accordion variant="outlined" disableGutters expanded={open} onChange={(_event, expanded) => setOpen(expanded)}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls="calendar-feed-body">
        <Typography variant="subtitle1" component="h2">
          カレンダー購読URL
        </Typography>
      </AccordionSummary>
      <AccordionDetails id="calendar-feed-body">
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
          <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
            <Button variant="contained" onClick={copy} disabled={!feed.data}>
              コピー
            </Button>
            <Button variant="outlined" onClick={reset}>
              URLを再発行
            </Button>
          </Stack>
        </Stack>
      </AccordionDetails>
    </Accordion>
  );
}
