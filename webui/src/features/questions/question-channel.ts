// QuestionChannel (docs/realtime.md): subscribes to one question, keeps the draft's
// answering list in step with the presence messages, says when the question or its answers
// changed or went (a `changed` message, or a reconnection after which anything may have: catch-up),
// reports connection problems, and tears everything down when the page is left. The consumer
// is injected so the logic is testable.
import type { Consumer } from '../../lib/cable/consumer';
import { createConnectionMonitor, MONITOR_INTERVAL_MS } from '../../lib/cable/connection-monitor';
import { applyAnsweringMessage, clearAnsweringAccounts, type DraftStore } from './question-draft';
import type { AnsweringMessage, CableReport, QuestionChange } from './types';

export interface QuestionChannel {
  answering(): void;
  cancelAnswering(): void;
  leave(): void;
}

export interface ChannelOptions {
  consumer: Consumer;
  questionId: number;
  draft: DraftStore;
  report: (error: CableReport) => void;
  /** The question or its answers changed: load them again. */
  onChanged: (change: QuestionChange | null) => void;
  intervalMs?: number;
}

const changeKinds: readonly string[] = [
  'answer_created',
  'answer_updated',
  'answer_deleted',
  'solution_chosen',
  'solution_cleared',
  'question_updated',
  'question_deleted', // read again: the page shows the 404 of a question that is gone
];

/** A `changed` message, or null when the message is something else (presence). */
export function parseQuestionChange(data: unknown): QuestionChange | null {
  const m = data as Partial<QuestionChange> | null;
  if (!m || typeof m !== 'object' || !changeKinds.includes(String(m.changed))) return null;
  const answerId = typeof m.answer_id === 'number' && Number.isSafeInteger(m.answer_id) ? m.answer_id : null;
  return { changed: m.changed as QuestionChange['changed'], answer_id: answerId };
}

export function joinQuestionChannel({
  consumer,
  questionId,
  draft,
  report,
  onChanged,
  intervalMs,
}: ChannelOptions): QuestionChannel {
  let left = false;
  let lost = false; // disconnected since the last connection: what was missed is loaded again
  const clear = () => draft.set(clearAnsweringAccounts);
  const subscription = consumer.subscriptions.create(
    { channel: 'QuestionChannel', id: questionId },
    {
      connected() {
        if (lost && !left) onChanged(null);
        lost = false;
      },
      received(data) {
        const change = parseQuestionChange(data);
        if (change) {
          if (!left) onChanged(change);
          return;
        }
        draft.set((d) => applyAnsweringMessage(d, data as AnsweringMessage));
      },
      disconnected() {
        lost = true;
        clear();
        if (!left) report('disconnected');
      },
      rejected() {
        clear();
        if (!left) report('rejected');
      },
    },
  );
  const monitor = createConnectionMonitor(
    () => consumer.connection.isOpen(),
    report,
    intervalMs ?? MONITOR_INTERVAL_MS,
  );
  monitor.start();
  return {
    answering: () => void subscription.perform('answering'),
    cancelAnswering: () => void subscription.perform('cancel_answering'),
    leave() {
      if (left) return;
      left = true;
      monitor.stop();
      subscription.unsubscribe();
      consumer.disconnect();
      clear();
    },
  };
}
