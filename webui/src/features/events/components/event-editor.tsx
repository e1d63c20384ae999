import LinearProgress from '@mui/material/LinearProgress';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { AppTheme } from '../../../components/app-theme';
import { PageHeading } from '../../../components/page-heading';
import { errorStatus } from '../../../lib/api-client';
import { showErrorPage } from '../../../lib/feedback';
import { useEventTags } from '../api/get-event-tags';
import { updateEventDraft } from '../event-draft';
import { draftValuesOf, type EventFormValues } from '../event-schema';
import { EventForm } from './event-form';

export interface EventEditorProps {
  heading: string;
  eventId: number | null;
  initial: EventFormValues;
  participantsCount: number;
  published?: boolean;
}

// /events/new and /events/{id}/edit: the form; 確認画面へ stores the whole draft (marked valid)
// and steps to /events/confirm, which publishes it or comes back here with it.
export function EventEditor({ heading, eventId, initial, participantsCount, published = false }: EventEditorProps) {
  const tags = useEventTags();
  const navigate = useNavigate();

  useEffect(() => {
    if (tags.error) showErrorPage(errorStatus(tags.error));
  }, [tags.error]);

  const confirm = (values: EventFormValues) => {
    const list = tags.data ?? [];
    updateEventDraft({
      ...draftValuesOf(values),
      tags: list,
      eventId,
      participantsCount,
      published,
      isEventContentValid: true,
    });
    navigate('/events/confirm');
  };

  return (
    <AppTheme>
      <PageHeading title={heading} />
      {tags.data ? (
        <EventForm defaultValues={initial} participantsCount={participantsCount} tags={tags.data} onConfirm={confirm} />
      ) : (
        <LinearProgress aria-label="読み込み中" />
      )}
    </AppTheme>
  );
}
