import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { ApiError, errorStatus } from '../../../lib/api-client';
import { displayName } from '../../../lib/display-name';
import { showErrorPage, withLoading } from '../../../lib/feedback';
import { limits, messages } from '../../../lib/messages';
import { useDefinition } from '../api/get-definition';
import { getStudentAnswer } from '../api/get-student-answer';
import { answersOf } from '../definition';
import type { QuestionnaireKind } from '../kinds';
import type { Answers } from '../types';
import { AnswerSummary } from './answer-summary';

// An admin reads one student's answer: every read is audited, so the reason comes first.
export function AdminAnswerView({ kind, accountId }: { kind: QuestionnaireKind; accountId: number }) {
  const definition = useDefinition(kind);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [answer, setAnswer] = useState<{ answers: Answers; submittedAt: string; name: string } | null>(null);
  const [missing, setMissing] = useState(false);

  useEffect(() => {
    if (definition.error) showErrorPage(errorStatus(definition.error));
  }, [definition.error]);
  if (!definition.data) return <LinearProgress aria-label="読み込み中" />;
  const loaded = definition.data;

  const read = async () => {
    if (reason.trim() === '') return setError(messages.questionnaire_reason_required);
    try {
      const found = await withLoading(() => getStudentAnswer(kind, accountId, reason.trim()));
      setAnswer({
        answers: answersOf(loaded, found.answer),
        submittedAt: found.submitted_at,
        name: displayName(found),
      });
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 404) setMissing(true);
      else if (failure instanceof ApiError && failure.status === 422)
        setError(failure.fields.reason?.[0] ?? failure.message);
      else showErrorPage(errorStatus(failure));
    }
  };

  if (answer)
    return (
      <Stack spacing={2}>
        <Typography variant="body2" color="text.secondary">
          {answer.name}さんの回答・回答日時 {answer.submittedAt.slice(0, 16).replace('T', ' ')}
        </Typography>
        <AnswerSummary definition={loaded} answers={answer.answers} />
      </Stack>
    );
  return (
    <Stack spacing={2} component="form" noValidate onSubmit={(event) => (event.preventDefault(), void read())}>
      <Typography variant="body2">{messages.questionnaire_reason_notice}</Typography>
      {missing && <Alert severity="info">{messages.questionnaire_not_answered}</Alert>}
      <TextField
        label="閲覧理由"
        required
        value={reason}
        onChange={(event) => (setReason(event.target.value), setError(null))}
        error={Boolean(error)}
        helperText={error ?? undefined}
        slotProps={{ htmlInput: { maxLength: limits.audit_reason_max } }}
      />
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained">
          回答を表示する
        </Button>
      </Stack>
    </Stack>
  );
}
