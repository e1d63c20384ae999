import Button from '@mui/material/Button';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate, useRouteLoaderData, useSearchParams } from 'react-router';
import { AppTheme } from '../../../components/app-theme';
import { PageHeading } from '../../../components/page-heading';
import { errorStatus } from '../../../lib/api-client';
import type { Account } from '../../../lib/api-types';
import { showErrorPage } from '../../../lib/feedback';
import { isAdmin } from '../../../lib/roles';
import { useEvents } from '../api/get-events';
import { AdminEventActions } from '../components/admin-event-actions';
import { CalendarFeedPanel } from '../components/calendar-feed-panel';
import { QuestionnaireTasks } from '../../../components/questionnaire-tasks';
import { EventCard } from '../components/event-card';
import { ParticipationActions } from '../components/participation-actions';
import { resetEventDraft } from '../event-draft';
import { parseListState, scopeLabels, toListParams } from '../list-state';
import { eventKeys, type EventScope } from '../query-keys';
import { FetchingLine } from '../../../components/progress-line';

// /events: upcoming and past events (admins also drafts), join/cancel, add to calendar, the
// calendar feed, and for graduates (whose only page this is) the questionnaires they owe. Loading the list marks the events seen, so the badge is refetched (→ 0).
export function Component() {
  const me = useRouteLoaderData('frame') as Account;
  const admin = isAdmin(me.role);
  const [params, setParams] = useSearchParams();
  const state = parseListState(params, admin);
  const events = useEvents(state.scope, state.page);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  useEffect(() => {
    if (events.error) showErrorPage(errorStatus(events.error));
  }, [events.error]);
  useEffect(() => {
    if (events.dataUpdatedAt > 0) void queryClient.invalidateQueries({ queryKey: eventKeys.unreadCount });
  }, [events.dataUpdatedAt, queryClient]);

  const create = () => {
    resetEventDraft();
    navigate('/events/new');
  };
  const scopes: EventScope[] = admin ? ['upcoming', 'past', 'drafts'] : ['upcoming', 'past'];
  const meta = events.data?.meta;
  const pages = meta ? Math.max(1, Math.ceil(meta.total / meta.per)) : 1;
  return (
    <AppTheme>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <PageHeading title="イベント" />
        {admin && (
          <Button variant="contained" onClick={create}>
            イベントを作成
          </Button>
        )}
      </Stack>
      {!admin && (
        <Stack spacing={2} sx={{ mb: 2 }}>
          {me.role === 'graduate' && <QuestionnaireTasks onlyOwed />}
          <CalendarFeedPanel />
        </Stack>
      )}
      <Tabs value={state.scope} onChange={(_, scope: EventScope) => setParams(toListParams({ scope, page: 1 }))}>
        {scopes.map((scope) => (
          <Tab key={scope} value={scope} label={scopeLabels[scope]} />
        ))}
      </Tabs>
      <FetchingLine active={events.isFetching} />
      <Stack spacing={2} sx={{ mt: 2 }} data-testid="event-list">
        {events.data?.data.length === 0 && <Typography color="text.secondary">イベントはありません</Typography>}
        {events.data?.data.map((event) => (
          <EventCard
            key={event.id}
            event={event}
            actions={admin ? <AdminEventActions event={event} /> : <ParticipationActions event={event} />}
          />
        ))}
      </Stack>
      {pages > 1 && (
        <Pagination
          sx={{ mt: 2, display: 'flex', justifyContent: 'center' }}
          count={pages}
          page={Math.min(state.page, pages)}
          onChange={(_, page) => setParams(toListParams({ ...state, page }))}
        />
      )}
    </AppTheme>
  );
}
