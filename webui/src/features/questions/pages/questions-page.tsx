import Box from '@mui/material/Box';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useLocation, useNavigate, useOutletContext, useSearchParams } from 'react-router';
import { AppTheme } from '../../../components/app-theme';
import { PageHeading } from '../../../components/page-heading';
import { errorStatus } from '../../../lib/api-client';
import { showErrorPage } from '../../../lib/feedback';
import { questionDraftOf, type QuestionsOutletContext } from '../../../lib/question-handoff';
import { useQuestions } from '../api/get-questions';
import { NewQuestionDialog } from '../components/new-question-dialog';
import { QuestionList } from '../components/question-list';
import { SearchBar } from '../components/search-bar';
import { parseSearch, toSearchParams, type QuestionSearch } from '../search-state';
import { FetchingLine } from '../../../components/progress-line';

// /questions: the AI chat panel (from the route layout), search (kept in the URL), pick-ups
// first, pagination, 質問する dialog (opened filled in when the AI chat hands a draft over).
export function Component() {
  const [params, setParams] = useSearchParams();
  const { aiChat } = useOutletContext<QuestionsOutletContext | undefined>() ?? {};
  const location = useLocation();
  const navigate = useNavigate();
  const draft = questionDraftOf(location.state);
  const dropDraft = () => void navigate({ search: location.search }, { replace: true, state: null });
  const search = parseSearch(params);
  const questions = useQuestions(search);
  const go = (next: QuestionSearch) => setParams(toSearchParams(next));

  useEffect(() => {
    if (questions.error) showErrorPage(errorStatus(questions.error));
  }, [questions.error]);

  const meta = questions.data?.meta;
  const pages = meta ? Math.max(1, Math.ceil(meta.total / meta.per)) : 1;
  return (
    <AppTheme>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <PageHeading title="質問ボックス" />
        <NewQuestionDialog key={location.key} draft={draft} onDraftDone={dropDraft} />
      </Stack>
      {aiChat && <Box sx={{ mt: 2 }}>{aiChat}</Box>}
      <Box sx={{ my: 2 }}>
        <SearchBar key={params.toString()} search={search} onSearch={go} />
      </Box>
      {meta && (
        <Typography variant="body2" data-testid="question-total">
          {meta.total_capped ? `${meta.total}件以上` : `${meta.total}件`}
        </Typography>
      )}
      <FetchingLine active={questions.isFetching} />
      {questions.data && <QuestionList questions={questions.data.data} />}
      {pages > 1 && (
        <Pagination
          sx={{ mt: 2, display: 'flex', justifyContent: 'center' }}
          count={pages}
          page={Math.min(search.page, pages)}
          onChange={(_, page) => go({ ...search, page })}
        />
      )}
    </AppTheme>
  );
}
