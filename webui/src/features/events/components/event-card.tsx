import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { MarkdownView } from '../../../components/markdown-view';
import { StatusChip } from '../../../components/status-chip';
import { formatCapacity, formatEventSchedule } from '../event-format';
import type { EventItem } from '../types';

const statusLabel: Record<EventItem['status'], string | null> = {
  draft: '下書き',
  published: null,
  cancelled: '中止',
};

// One event as students see it: image, tag, schedule (Asia/Tokyo), capacity and participants,
// the Markdown description (sanitized), the caller's own state and the meeting URL (the server
// sends it to participants and admins only). The preview on /events/confirm is this card too.
export function EventCard({ event, actions }: { event: EventItem; actions?: ReactNode }) {
  const status = statusLabel[event.status];
  return (
    <Card variant="outlined" data-testid="event-card" data-event-id={event.id} component="article">
      {event.image_url && (
        <Box
          component="img"
          src={event.image_url}
          alt=""
          sx={{ width: '100%', maxHeight: 240, objectFit: 'cover', display: 'block' }}
        />
      )}
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ mb: 1, flexWrap: 'wrap' }}>
          {event.tag.name && <Chip size="small" color="primary" variant="outlined" label={event.tag.name} />}
          {status && <Chip size="small" color={event.status === 'cancelled' ? 'error' : 'default'} label={status} />}
          {event.my_participation === 'participant' && <Chip size="small" color="success" label="参加予定" />}
          {event.my_participation === 'waitlisted' && (
            <StatusChip label={`キャンセル待ち ${event.waitlist_position ?? ''}番目`} tone="changes" />
          )}
        </Stack>
        <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
          {event.title}
        </Typography>
        <Typography variant="body2" data-testid="event-schedule">
          {formatEventSchedule(event)}
        </Typography>
        <Typography variant="body2" color="text.secondary" data-testid="event-capacity">
          {formatCapacity(event)}
        </Typography>
        {event.meeting_url && (
          <Typography variant="body2" sx={{ mt: 1 }}>
            ミーティングURL:{' '}
            <Link href={event.meeting_url} target="_blank" rel="noopener noreferrer" data-testid="event-meeting-url">
              {event.meeting_url}
            </Link>
          </Typography>
        )}
        {event.description && (
          <Box sx={{ mt: 2 }}>
            <MarkdownView source={event.description} testId="event-description" />
          </Box>
        )}
        {actions && (
          <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap', gap: 1 }}>
            {actions}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
