import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller, useForm } from 'react-hook-form';
import { errorStatus } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/dates';
import { displayName } from '../../../lib/display-name';
import { showErrorPage, showSnackbar, withLoading } from '../../../lib/feedback';
import { setServerFieldErrors } from '../../../lib/form-errors';
import { messages } from '../../../lib/messages';
import type { Person, StudentDetail } from '../../../lib/api-types';
import { useUpdateMentor } from '../api/update-mentor';
import { mentorSchema, type MentorFormValues } from '../mentoring-schema';

export interface MentorPanelProps {
  student: StudentDetail;
  mentors: Person[];
  canChange: boolean; // admins only (the daemon answers mentors 403)
}

// 担当: the mentor in charge, the select to change it (admins) and the history of changes.
export function MentorPanel({ student, mentors, canChange }: MentorPanelProps) {
  const update = useUpdateMentor(student.id);
  const { control, handleSubmit, setError, formState } = useForm<MentorFormValues>({
    mode: 'onChange',
    resolver: zodResolver(mentorSchema),
    values: { mentorId: student.mentor ? String(student.mentor.id) : '' },
  });
  const submit = handleSubmit(async ({ mentorId }) => {
    try {
      await withLoading(() => update.mutateAsync(Number(mentorId)));
      showSnackbar(messages.students_mentor_changed);
    } catch (error) {
      if (!setServerFieldErrors(error, setError, { mentor_id: 'mentorId' })) showErrorPage(errorStatus(error));
    }
  });
  // The current mentor stays choosable even when the list does not have them (e.g. a former mentor).
  const options =
    student.mentor && !mentors.some((m) => m.id === student.mentor!.id) ? [student.mentor, ...mentors] : mentors;
  return (
    <Stack spacing={2}>
      {canChange ? (
        <form onSubmit={submit} noValidate aria-label="担当フォーム">
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <Controller
              name="mentorId"
              control={control}
              render={({ field, fieldState }) => (
                <TextField
                  select
                  size="small"
                  label="担当"
                  {...field}
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message}
                  sx={{ minWidth: 200 }}
                  slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'mentor-select' } as object } }}
                >
                  <MenuItem value="">未割り当て</MenuItem>
                  {options.map((m) => (
                    <MenuItem key={m.id} value={String(m.id)}>
                      {displayName(m)}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
              変更する
            </Button>
          </Stack>
        </form>
      ) : (
        <Typography data-testid="mentor-name">{student.mentor ? displayName(student.mentor) : '未割り当て'}</Typography>
      )}
      <div>
        <Typography variant="subtitle2">担当の変更履歴</Typography>
        {student.mentor_history.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            変更履歴はありません
          </Typography>
        ) : (
          <ul data-testid="mentor-history" style={{ margin: 0, paddingLeft: 20 }}>
            {student.mentor_history.map((h, index) => (
              <li key={index}>
                <Typography variant="body2">
                  {formatDateTime(h.changed_at)} {h.mentor ? displayName(h.mentor) : '未割り当て'}
                  <Typography variant="caption" color="text.secondary" component="span">
                    {' '}
                    (変更: {h.changed_by ? displayName(h.changed_by) : 'CLI'})
                  </Typography>
                </Typography>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Stack>
  );
}
