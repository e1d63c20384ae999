import { useEffect, useRef, useState } from 'react';
import { getToken } from '../../lib/auth-token';
import { createCableConsumer } from '../../lib/cable/consumer';
import { useStore } from '../../lib/store';
import { reportCableError } from './api/post-action-cable-log';
import { joinQuestionChannel, type QuestionChannel } from './question-channel';
import { createDraftStore } from './question-draft';

// Joins QuestionChannel while the question page is shown; leaving the page stops the monitor,
// unsubscribes, disconnects and clears the answering list.
export function useQuestionChannel(questionId: number) {
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
    });
    channel.current = joined;
    return () => {
      joined.leave();
      if (channel.current === joined) channel.current = null;
    };
  }, [questionId, draft]);
  const { answeringAccounts } = useStore(draft);
  return {
    answeringAccounts,
    answering: () => channel.current?.answering(),
    cancelAnswering: () => channel.current?.cancelAnswering(),
  };
}
