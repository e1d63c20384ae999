import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link, useParams, useRouteLoaderData } from 'react-router';
import { AppTheme } from '../../../components/app-theme';
import { PageTitle } from '../../../components/page-title';
import { errorStatus } from '../../../lib/api-client';
import type { Account } from '../../../lib/api-types';
import { showErrorPage, withLoading } from '../../../lib/feedback';
import { useDeleteSolution } from '../api/delete-solution';
import { useQuestion } from '../api/get-question';
import { usePutSolution } from '../api/put-solution';
import { AnswerForm } from '../components/answer-form';
import { AnswerItem } from '../components/answer-item';
import { AnsweringList } from '../components/answering-list';
import { QuestionView } from '../components/question-view';
import { WatchButton } from '../components/watch-button';
import { canEditAnswer, canMarkSolution } from '../permissions';
import { useQuestionChannel } from '../use-question-channel';

// /questions/:id (the id is validated by the route): question, answers, who is answering and
// the answer form, kept current by QuestionChannel; ウォッチ中 / ウォッチする.
export function Component() {
  const id = Number(useParams().id);
  const me = useRouteLoaderData('frame') as Account;
  const question = useQuestion(id);
  const channel = useQuestionChannel(id);
  const mark = usePutSolution(id);
  const unmark = useDeleteSolution(id);

  if (question.error) throw question.error; // the route's error page shows its status
  if (!question.data) return <LinearProgress aria-label="読み込み中" />;
  const q = question.data;
  const others = channel.answeringAccounts.filter((a) => a.id !== me.id);
  const solve = async (work: () => Promise<unknown>) => {
    try {
      await withLoading(work);
    } catch (error) {
      showErrorPage(errorStatus(error));
    }
  };

  return (
    <AppTheme>
      <PageTitle title={q.title} />
      <Stack direction="row" sx={{ mb: 1, alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography variant="body2">
          <Link to="/questions">質問ボックス</Link>
        </Typography>
        <WatchButton questionId={id} />
      </Stack>
      <QuestionView question={q} me={me} />
      <Divider sx={{ my: 3 }} />
      <Typography variant="h6" component="h2" sx={{ mb: 2 }} data-testid="answer-count">
        回答 {q.answers.length}件
      </Typography>
      <Stack spacing={2} data-testid="answers">
        {q.answers.map((answer) => (
          <AnswerItem
            key={answer.id}
            answer={answer}
            canEdit={canEditAnswer(me, answer)}
            canMark={canMarkSolution(me, q)}
            onMark={(a) => void solve(() => mark.mutateAsync(a.id))}
            onUnmark={() => void solve(() => unmark.mutateAsync())}
          />
        ))}
      </Stack>
      <Divider sx={{ my: 3 }} />
      <AnsweringList accounts={others} />
      <AnswerForm questionId={id} onAnswering={channel.answering} onCancelAnswering={channel.cancelAnswering} />
    </AppTheme>
  );
}
