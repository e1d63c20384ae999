import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { eventSchema, type EventFormValues } from '../event-schema';
import type { EventTag } from '../types';
import { EventImageField } from './event-image-field';
import { TagManager } from './tag-manager';

export interface EventFormProps {
  defaultValues: EventFormValues;
  participantsCount: number;
  tags: EventTag[];
  onConfirm: (values: EventFormValues) => void;
}

const shrink = { inputLabel: { shrink: true } } as const;

// Title, tag (タグを管理 beside it), image, Markdown description, capacity, date, start and end
// time, meeting URL. The rules and messages are the daemon's; 確認画面へ shows every message of
// an invalid form.
export function EventForm({ defaultValues, participantsCount, tags, onConfirm }: EventFormProps) {
  const { register, handleSubmit, formState, watch, setValue, control } = useForm<EventFormValues>({
    mode: 'onTouched',
    resolver: zodResolver(eventSchema(participantsCount)),
    defaultValues,
  });
  const { errors } = formState;
  const [managingTags, setManagingTags] = useState(false);
  const field = (name: keyof EventFormValues) => ({
    ...register(name),
    error: Boolean(errors[name]),
    helperText: errors[name]?.message,
  });
  const image = watch('image');

  return (
    <form onSubmit={handleSubmit(onConfirm)} noValidate aria-label="イベントフォーム">
      <Stack spacing={3}>
        <TextField label="タイトル" required fullWidth slotProps={shrink} {...field('title')} />
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Controller
            control={control}
            name="tagId"
            render={({ field: tag, fieldState }) => (
              <TextField
                select
                label="タグ"
                fullWidth
                slotProps={{ select: { native: true }, ...shrink }}
                {...tag}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message}
              >
                {tags.map((option) => (
                  <option key={option.id} value={String(option.id)}>
                    {option.name}
                  </option>
                ))}
              </TextField>
            )}
          />
          <Button onClick={() => setManagingTags(true)} sx={{ flexShrink: 0, mt: 1 }}>
            タグを管理
          </Button>
        </Stack>
        {managingTags && <TagManager tags={tags} onClose={() => setManagingTags(false)} />}
        <EventImageField value={image} onChange={(url) => setValue('image', url, { shouldDirty: true })} />
        <TextField
          label="説明 (Markdown)"
          fullWidth
          multiline
          minRows={8}
          slotProps={shrink}
          {...field('description')}
        />
        <TextField
          label="定員"
          required
          fullWidth
          slotProps={{ htmlInput: { inputMode: 'numeric' }, ...shrink }}
          {...field('capacity')}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField label="開催日" type="date" required fullWidth slotProps={shrink} {...field('startDate')} />
          <TextField label="開始時刻" type="time" required fullWidth slotProps={shrink} {...field('startAt')} />
          <TextField label="終了時刻" type="time" required fullWidth slotProps={shrink} {...field('endAt')} />
        </Stack>
        <TextField
          label="ミーティングURL"
          fullWidth
          placeholder="https://meet.example.com/..."
          slotProps={shrink}
          {...field('meetingUrl')}
        />
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained">
            確認画面へ
          </Button>
        </Stack>
      </Stack>
    </form>
  );
}
