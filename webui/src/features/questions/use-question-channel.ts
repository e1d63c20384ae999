import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { getToken } from '../../lib/auth-token';
import { createCableConsumer } from '../../lib/cable/consumer';
import { useStore } from '../../lib/store';
import { reportCableError } from './api/post-action-cable-log';
import { joinQuestionChannel, type QuestionChannel } from './question-channel';
import { createDraftStore } from './question-draft';
import { questionKeys } from './query-keys';

// Joins QuestionChannel while the question page is shown: a change (or a reconnection) loads
// the question and its answers again, and the list of questions. Leaving the page stops the
// monitor, unsubscribes, disconnects and clears the answering list.
export function useQuestionChannel(questionId: number) {
  const queryClient = useQueryClient();
  const [draft] = useState(() => createDraftStore());
  const channel = useRef<QuestionChannel | null>(null);
  useEffect(() => {
    const token = getToken();
    if (!token) return undefined;
    const consumer = createCableConsumer(token);
    const joined = joinQuestionChannel({
      consumer,
      questionId,
      draft,
      report: (error) => reportCableError(questionId, error),
      onChanged() {
        void queryClient.invalidateQueries({ queryKey: questionKeys.detail(questionId) });
        void queryClient.invalidateQueries({ queryKey: questionKeys.lists() });
      },
    });
    channel.current = joined;
    return () => {
      joined.leave();
      if (channel.current === joined) channel.current = null;
    };
  }, [questionId, draft, queryClient]);
  const { answeringAccounts } = useStore(draft);
  return {
    answeringAccounts,
    answering: () => channel.current?.answering(),
    cancelAnswering: () => channel.current?.cancelAnswering(),
  };
}
